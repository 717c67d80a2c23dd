#!/usr/bin/env node
// `node bench/service-worker-size.mjs [ORIGIN]`: the service worker's gzip size against its
// 15 KB target (bench/lib/service-worker-size.mjs), from a running server (default
// http://127.0.0.1:8787, `npm start`). Exits 1 when the target is missed.
import { measureServiceWorker, serviceWorkerLine } from "./lib/service-worker-size.mjs";

const origin = (process.argv[2] ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
const result = await measureServiceWorker(origin);
console.log(serviceWorkerLine(result));
if (result.status !== 200 || result.gzipBytes > result.targetBytes) process.exit(1);
