// The flags Chromium runs with, for the browser tests (playwright.config.ts) and the
// first-paint benchmark (bench/lib/first-paint.mjs): no sandbox and no GPU (containers, CI),
// and none of the browser's own background traffic (updates, sync, QUIC) during a run. WebGL
// (the map's MapLibre) comes from SwiftShader, Chromium's software renderer, asked for by name.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
