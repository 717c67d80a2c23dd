// Benchmark-only Worker entry: the real app (server.ts) with every Workers Cache API lookup
// missing. `caches.default` is replaced by a cache that never holds anything, so each request
// does the whole work (D1 queries and render) plus the failed lookup, which is what an
// uncached request costs. Used by bench/lib/http.mjs for the "uncached" runs; never deployed.
import app from "../../server";

const emptyCache = {
  match: async () => undefined,
  matchAll: async () => [],
  put: async () => undefined,
  add: async () => undefined,
  addAll: async () => undefined,
  delete: async () => false,
  keys: async () => [],
};
const emptyCaches = { default: emptyCache, open: async () => emptyCache };

Object.defineProperty(globalThis, "caches", { value: emptyCaches, configurable: true, writable: true });

export default app;
