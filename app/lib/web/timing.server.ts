// Where a response's time went, as a `Server-Timing` header (the Epic Stack's
// timing.server.ts is the model): `db` is the time spent waiting on the backend, `cache` on the
// Workers cache (page and query cache), `render` the rest of the Remix handler (loaders' own
// work and React's render of the first part of the page). The benchmark reads the same header
// that production sends. In the Workers runtime the clock only moves across I/O, so in
// production `render` reads near 0 unless the Worker awaited something; `wrangler dev` shows
// it as measured.

export type TimingName = "db" | "cache" | "render";

export type Timing = {
  /** Awaits `work`, adding its duration to `name`. */
  time<T>(name: TimingName, work: () => Promise<T>): Promise<T>;
  add(name: TimingName, milliseconds: number): void;
  /** Milliseconds so far under `name`. */
  total(name: TimingName): number;
  /** A description for `name` (e.g. the page cache's HIT or MISS). */
  describe(name: TimingName, description: string): void;
  /** The header's value: `db;dur=1.2, cache;dur=0.3;desc="HIT"`. */
  header(): string;
};

export function createTiming(now: () => number = () => performance.now()): Timing {
  const totals = new Map<TimingName, number>();
  const descriptions = new Map<TimingName, string>();
  const timing: Timing = {
    async time(name, work) {
      const started = now();
      try {
        return await work();
      } finally {
        timing.add(name, now() - started);
      }
    },
    add(name, milliseconds) {
      totals.set(name, (totals.get(name) ?? 0) + Math.max(0, milliseconds));
    },
    total: (name) => totals.get(name) ?? 0,
    describe(name, description) {
      descriptions.set(name, description.replace(/["\\]/g, ""));
      if (!totals.has(name)) totals.set(name, 0);
    },
    header() {
      return [...totals]
        .map(([name, ms]) => {
          const description = descriptions.get(name);
          return `${name};dur=${ms.toFixed(1)}${description ? `;desc="${description}"` : ""}`;
        })
        .join(", ");
    },
  };
  return timing;
}
