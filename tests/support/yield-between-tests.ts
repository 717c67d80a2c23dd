// Vitest set-up: after every test, one turn of the event loop. A file of synchronous tests
// otherwise runs from start to end in microtasks, and the worker never reads the answers to
// the progress messages it sends the main process; on a busy machine such a file can pass 60 s
// and the run fails with "[vitest-worker]: Timeout calling onTaskUpdate" although every test
// passed (seen here under `stress-ng --cpu 2`). The workaround vitest's maintainers point to:
// https://github.com/vitest-dev/vitest/discussions/6511
import { afterEach } from "vitest";

afterEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
