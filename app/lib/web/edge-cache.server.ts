// The Workers cache of this data centre (caches.default), where the page cache and the query
// cache live; undefined outside the Workers runtime (the Vite dev server, Node tests).
function isCache(value: unknown): value is Cache {
  return typeof value === "object" && value !== null && "match" in value && "put" in value;
}

export function edgeCache(): Cache | undefined {
  const storage: unknown = globalThis.caches;
  if (typeof storage !== "object" || storage === null || !("default" in storage)) return undefined;
  return isCache(storage.default) ? storage.default : undefined;
}
