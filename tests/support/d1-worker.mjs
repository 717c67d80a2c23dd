// The Worker behind the tests' D1 (tests/support/d1.ts): it runs the statements posted to it
// on its real D1 binding (workerd's SQLite) and answers with what the binding returned, or
// with the error it threw. Request body, JSON:
//   { "statement": { "sql", "params" }, "method": "all" | "first" | "run" | "raw", "arg"? }
//   { "batch": [{ "sql", "params" }, …] }
// Answer: { "value": … } or { "error": { "message", "cause"? } }. The params come already as
// D1's bind() turns them (numbers, strings, null, arrays of bytes), so binding them again
// here changes nothing; and D1's results are JSON itself, so nothing is lost on the way.

/** @param {{ DB: D1Database }} env @param {{ sql: string, params: unknown[] }} statement */
const prepare = (env, { sql, params }) => env.DB.prepare(sql).bind(...params);

/** @param {Error} error */
const describe = (error) => ({
  message: String(error?.message ?? error),
  ...(error?.cause instanceof Error ? { cause: error.cause.message } : {}),
});

export default {
  /** @param {Request} request @param {{ DB: D1Database }} env */
  async fetch(request, env) {
    const body = await request.json();
    try {
      if (body.batch) return Response.json({ value: await env.DB.batch(body.batch.map((s) => prepare(env, s))) });
      const statement = prepare(env, body.statement);
      switch (body.method) {
        case "all":
          return Response.json({ value: await statement.all() });
        case "first":
          return Response.json({ value: await statement.first(body.arg) });
        case "run":
          return Response.json({ value: await statement.run() });
        case "raw":
          return Response.json({ value: await statement.raw(body.arg) });
        default:
          throw new Error(`d1-worker: no such method ${body.method}`);
      }
    } catch (error) {
      return Response.json({ error: describe(error) });
    }
  },
};
