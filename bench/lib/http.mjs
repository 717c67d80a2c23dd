// HTTP benchmark of the built app under `wrangler dev` (workerd, local D1 with the sample
// data), with autocannon, plus a per-route look at the JavaScript each page's HTML loads.
//
// Both servers run a snapshot of the build taken at the start (other people rebuild build/
// while the benchmark runs, and wrangler dev reloads on every change): build/client is
// copied and the Worker bundled once (`wrangler deploy --dry-run`), then served by
// `wrangler dev` with a local D1 prepared as scripts/start.mjs does (migrations + sample data).
//
// Server A is the app as deployed: a static asset, and each page
//   - cached: the same URL repeated (whatever cache the app has is warm after the first hit),
//   - busted: a fresh unknown parameter per request (&_b=<n>, which the app ignores), which
//     defeats any cache keyed by the URL.
// Server B is the same build behind bench/http/nocache-worker.ts, where the Workers Cache API
// never has an entry: every request does the whole work (the "uncached" figures).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import autocannon from "autocannon";
import { DATA_DIR, ROOT, log, percentile, sleep } from "./util.mjs";

export const PAGES = [
  { name: "home", path: "/" },
  { name: "search", path: "/?q=kitchen&diet=vegan" },
  { name: "detail", path: "/restaurant/2" },
];

const PERSIST = join(ROOT, ".wrangler", "bench-http");

export function ensureBuild() {
  if (existsSync(join(ROOT, "build", "server", "index.js")) && existsSync(join(ROOT, "build", "client", "assets"))) return false;
  log("build/ is missing: npm run build");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error("npm run build failed");
  return true;
}

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before answering`);
    let up = false;
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      up = response.status < 500;
    } catch {
      // not up yet
    }
    if (up) {
      // Still ours? (A server that failed to bind would have exited by now.)
      await sleep(1000);
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); something else answers on ${url}`);
      return;
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function startProcess(command, args, label) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_D1_WARNING: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so that stop() ends wrangler and workerd too
  });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return {
    child,
    label,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        return;
      }
      for (let i = 0; i < 40 && child.exitCode === null; i++) await sleep(250);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
  };
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * `preferred` if nothing listens there, else a free port: other people's servers on this
 * machine must never be the ones measured.
 */
export async function choosePort(preferred) {
  if (await portIsFree(preferred)) return preferred;
  const port = await new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
  log(`port ${preferred} is taken by another process: using ${port}`);
  return port;
}

function wrangler(args) {
  const result = spawnSync(join(ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_D1_WARNING: "true" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** wrangler.toml with `main` and the asset directory replaced, every path absolute. */
function configFrom(main, assets, file) {
  const config = readFileSync(join(ROOT, "wrangler.toml"), "utf8")
    .replace(/^main\s*=.*$/m, `main = "${main}"`)
    .replace(/^directory\s*=.*$/m, `directory = "${assets}"`)
    .replace(/^migrations_dir\s*=.*$/m, `migrations_dir = "${join(ROOT, "migrations")}"`);
  writeFileSync(file, config);
  return file;
}

/**
 * Freezes the current build: copies build/client and bundles the Worker twice (the app's
 * server.ts, and bench/http/nocache-worker.ts) with `wrangler deploy --dry-run`. Retries if
 * a concurrent rebuild made the bundle and the copied assets disagree.
 */
export function snapshotBuild() {
  const dir = join(DATA_DIR, "http", "snapshot");
  for (let attempt = 1; attempt <= 3; attempt++) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const client = join(dir, "client");
    cpSync(join(ROOT, "build", "client"), client, { recursive: true });
    const bundles = {};
    for (const [name, entry] of [["app", join(ROOT, "server.ts")], ["nocache", join(ROOT, "bench", "http", "nocache-worker.ts")]]) {
      const outdir = join(dir, `dist-${name}`);
      wrangler(["deploy", "--dry-run", "--outdir", outdir, "-c", configFrom(entry, client, join(dir, `bundle-${name}.toml`))]);
      const file = readdirSync(outdir).find((f) => f.endsWith(".js"));
      if (!file) throw new Error(`wrangler deploy --dry-run wrote no .js into ${outdir}`);
      bundles[name] = join(outdir, file);
    }
    const manifests = Object.values(bundles).map((file) => /manifest-[a-z0-9]+\.js/.exec(readFileSync(file, "utf8"))?.[0]);
    if (manifests.every((m) => m && existsSync(join(client, "assets", m)))) {
      return {
        dir,
        app: configFrom(bundles.app, client, join(dir, "run-app.toml")),
        nocache: configFrom(bundles.nocache, client, join(dir, "run-nocache.toml")),
      };
    }
    log(`build/ changed while it was being copied (attempt ${attempt}); again`);
  }
  throw new Error("could not take a consistent snapshot of build/ (it keeps changing)");
}

/** Server A: the snapshot of the app on a fresh local D1 with the sample data. */
export async function startApp(port, snapshot) {
  rmSync(PERSIST, { recursive: true, force: true });
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST, "-c", snapshot.app]);
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "-c", snapshot.app, "--file", join(ROOT, "seed", "d1.sql")]);
  return startServer(snapshot.app, port, "app");
}

/** Server B: the same snapshot and database, behind the never-hitting cache of nocache-worker.ts. */
export async function startNoCache(port, snapshot) {
  return startServer(snapshot.nocache, port, "nocache");
}

async function startServer(config, port, label) {
  const server = startProcess(
    join(ROOT, "node_modules", ".bin", "wrangler"),
    ["dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1", "--log-level", "warn", "--persist-to", PERSIST],
    label,
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/favicon.svg`, 180_000, server.child);
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}\n${server.output()}`);
  }
  return server;
}

/**
 * A static file from build/client/assets that the home page loads: the stylesheet when it
 * links one, else (the stylesheet is inlined) its route module, a script of similar size.
 */
export async function findStaticAsset(port) {
  const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const file = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html) ?? /"(\/assets\/_index-[A-Za-z0-9_-]+\.js)"/.exec(html);
  return file ? file[1] : "/favicon.svg";
}

function withBuster(path, counter) {
  return `${path}${path.includes("?") ? "&" : "?"}_b=${counter}`;
}

// Browsers ask for compressed responses, and wrangler dev compresses as Cloudflare does.
const HEADERS = { "accept-encoding": "gzip, br", accept: "text/html,*/*" };

function autocannonOnce(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("response", (_client, statusCode, _bytes, responseTime) => onResponse(responseTime, statusCode));
  });
}

/**
 * Loads several paths of one server in turns: `slices` rounds, each giving every run
 * duration/slices seconds, so that the static asset and the pages see the same background
 * load (other work shares this machine). Per-request latencies are pooled per run.
 * run: { path, bust } — bust adds a new `_b=<n>` to every request.
 */
export async function loadInterleaved(port, runs, { duration, connections, slices }) {
  const state = [];
  for (const run of runs) {
    // One request first, so that "cached" runs start warm and a broken page fails loudly.
    const probe = await fetch(`http://127.0.0.1:${port}${run.bust ? withBuster(run.path, "probe") : run.path}`, { headers: HEADERS });
    const body = await probe.arrayBuffer();
    state.push({
      run,
      counter: 0,
      latencies: [],
      requests: 0,
      seconds: 0,
      non2xx: 0,
      errors: 0,
      status: probe.status,
      cacheControl: probe.headers.get("cache-control"),
      encoding: probe.headers.get("content-encoding"),
      bytes: body.byteLength,
    });
  }
  const sliceSeconds = Math.max(1, Math.round(duration / slices));
  for (let slice = 0; slice < slices; slice++) {
    for (const entry of state) {
      const { path, bust } = entry.run;
      const result = await autocannonOnce(
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          duration: sliceSeconds,
          headers: HEADERS,
          requests: [
            bust
              ? { method: "GET", setupRequest: (request) => ({ ...request, path: withBuster(path, entry.counter++) }) }
              : { method: "GET", path },
          ],
        },
        (ms) => entry.latencies.push(ms),
      );
      entry.requests += result.requests.total;
      entry.seconds += result.duration;
      entry.non2xx += result.non2xx;
      entry.errors += result.errors + result.timeouts;
    }
  }
  return state.map((entry) => ({
    path: entry.run.path,
    bust: Boolean(entry.run.bust),
    status: entry.status,
    cacheControl: entry.cacheControl,
    encoding: entry.encoding,
    bytes: entry.bytes,
    samples: entry.latencies.length,
    p50: Math.round(percentile(entry.latencies, 50)),
    p99: Math.round(percentile(entry.latencies, 99)),
    rps: entry.requests / entry.seconds,
    total: entry.requests,
    non2xx: entry.non2xx,
    errors: entry.errors,
  }));
}

/** Does the app (app/, server.ts, load-context.ts) use the Workers Cache API at all? */
export function appCacheUse() {
  const hits = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        if (/caches\.default|caches as|\.default\?:\s*Cache|cache\.match\(|cache\.put\(/.test(text)) hits.push(path.slice(ROOT.length + 1));
      }
    }
  };
  walk(join(ROOT, "app"));
  for (const file of ["server.ts", "load-context.ts"]) {
    if (existsSync(join(ROOT, file)) && /caches\.default|cache\.match\(|cache\.put\(/.test(readFileSync(join(ROOT, file), "utf8"))) hits.push(file);
  }
  return hits;
}

/**
 * Scripts a page's HTML makes the browser load on a first visit: modulepreload links,
 * <script src>, and static imports in inline module scripts; each with its gzip size.
 */
export async function htmlScripts(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  const html = await response.text();
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="modulepreload"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(/import\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)) urls.add(i[1]);
  }
  return { status: response.status, urls: [...urls].filter((u) => u.startsWith("/")) };
}
