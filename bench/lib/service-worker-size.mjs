// The service worker's size: /sw.js as served, gzipped at level 9 (as the first-visit
// JavaScript is, ./first-visit-js.mjs). Target: at most 15 KB (15,360 bytes) gzip
// (contract section 13). Reported with the first paint (./first-paint.mjs) and printed alone
// by `node bench/service-worker-size.mjs ORIGIN`.
import { gzipSync } from "node:zlib";

const SERVICE_WORKER_TARGET_BYTES = 15 * 1024;

/** /sw.js: its status, size as served and gzip size. */
export async function measureServiceWorker(origin) {
  const response = await fetch(`${origin}/sw.js`);
  const body = Buffer.from(await response.arrayBuffer());
  return {
    path: "/sw.js",
    status: response.status,
    bytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    targetBytes: SERVICE_WORKER_TARGET_BYTES,
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** One line for the report and the terminal. */
export function serviceWorkerLine(result) {
  const met = result.status === 200 && result.gzipBytes <= result.targetBytes;
  return `Service worker \`${result.path}\` (${result.status}): ${kb(result.bytes)} KB, ${kb(result.gzipBytes)} KB gzip (${result.gzipBytes} bytes); target ≤ ${kb(result.targetBytes)} KB gzip: ${met ? "met" : "**missed**"}.`;
}
