// The project's one seeded random-number generator, for everything that must come out the
// same on every run and machine: the benchmark's data (bench/generate.mjs) and the fuzz
// test's URLs (tests/e2e/hostile-urls.spec.ts).

/**
 * mulberry32: a small, fast, well-spread 32-bit PRNG.
 * @param {number} seed any 32-bit integer
 * @returns {() => number} the next float in [0, 1) at each call
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
