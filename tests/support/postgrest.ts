// A small stand-in for Supabase's PostgREST, for tests: it answers the requests supabase-js
// sends for the directory adapter by running SQL on a PGlite database as the `anon` role,
// with PostgREST's status codes and JSON shapes. What it supports:
//   GET  /rest/v1/<table>?select=a,b&<col>=eq.<value>&<col>=in.(<v>,<v>)&order=a.desc,b&limit=n&offset=n
//        (`in` with unquoted values only)
//        (an array; one object for `Accept: application/vnd.pgrst.object+json`, 406 PGRST116
//        unless exactly one row; `Prefer: count=exact` fills Content-Range)
//   POST /rest/v1/rpc/<function> with a JSON object of named arguments
//   POST /rest/v1/<table> with a JSON object or array (an insert; `Prefer: return=minimal`
//        only, as supabase-js sends without .select(); `count=exact` fills Content-Range)
// Values are bound parameters; table, column and argument names are checked against the
// catalogue. Anything else is refused loudly rather than half-supported.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { PGlite, Transaction } from "@electric-sql/pglite";

export type FakePostgrestMode = "ok" | "error500" | "hang";

type ErrorBody = { code: string; message: string; details: string | null; hint: string | null };

class PostgrestHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

function refuse(status: number, code: string, message: string, details: string | null = null): never {
  throw new PostgrestHttpError(status, { code, message, details, hint: null });
}

/** PostgREST's translation of a SQLSTATE into an HTTP status (docs: "HTTP Status Codes"). */
function statusForSqlState(code: string, anonymous: boolean): number {
  // RAISE ... USING errcode = 'PT429': the status is the code's digits (PostgREST's own convention).
  if (/^PT[0-9]{3}$/.test(code)) return Number(code.slice(2));
  if (code === "42501") return anonymous ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "P0001") return 400;
  if (code === "42883" || code === "42P01") return 404;
  if (code === "42P17") return 500;
  if (code === "53400") return 500;
  if (code.startsWith("08") || code.startsWith("53")) return 503;
  if (["0L", "0P", "28"].some((p) => code.startsWith(p))) return 403;
  if (
    ["09", "25", "2D", "38", "39", "3B", "40", "54", "55", "57", "58", "F0", "HV", "P0", "XX"].some((p) =>
      code.startsWith(p),
    )
  )
    return 500;
  return 400;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The columns of a table or view in `public`, or PostgREST's 404 when there is none. */
async function columnsOf(tx: Transaction, table: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ attname: string }>(
    `select a.attname from pg_catalog.pg_class c
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relnamespace = 'public'::regnamespace and c.relname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [table],
  );
  if (!rows.length) refuse(404, "PGRST205", `Could not find the table 'public.${table}' in the schema cache`);
  return new Set(rows.map((r) => r.attname));
}

type TableResult = { status: number; body: string; contentType: string; contentRange: string };

async function readTable(
  tx: Transaction,
  table: string,
  params: URLSearchParams,
  headers: IncomingMessage["headers"],
): Promise<TableResult> {
  const columns = await columnsOf(tx, table);
  const column = (name: string) => {
    if (!columns.has(name)) refuse(400, "42703", `column ${table}.${name} does not exist`);
    return quote(name);
  };

  const selected = (params.get("select") ?? "*").split(",").map((c) => (c.trim() === "*" ? "*" : column(c.trim())));

  const values: string[] = [];
  const conditions: string[] = [];
  const order: string[] = [];
  let limit = "";
  let offset = "";
  for (const [key, value] of params) {
    if (key === "select") continue;
    if (key === "order") {
      for (const term of value.split(",")) {
        const [name = "", ...modifiers] = term.split(".");
        const sql = [column(name)];
        for (const modifier of modifiers) {
          const keyword = { asc: "asc", desc: "desc", nullsfirst: "nulls first", nullslast: "nulls last" }[modifier];
          if (!keyword) refuse(400, "PGRST100", `"failed to parse order (${value})"`);
          sql.push(keyword);
        }
        order.push(sql.join(" "));
      }
    } else if (key === "limit" || key === "offset") {
      if (!/^[0-9]+$/.test(value)) refuse(400, "PGRST100", `"failed to parse ${key} (${value})"`);
      if (key === "limit") limit = ` limit ${value}`;
      else offset = ` offset ${value}`;
    } else {
      const list = /^in\.\(([^"()]*)\)$/s.exec(value);
      if (list) {
        const items = (list[1] ?? "").split(",");
        const placeholders = items.map((item) => {
          values.push(item);
          return `$${values.length}`;
        });
        conditions.push(`${column(key)} in (${placeholders.join(", ")})`);
        continue;
      }
      const match = /^eq\.(.*)$/s.exec(value);
      if (!match) refuse(400, "PGRST100", `this test server supports only eq and in filters, not "${key}=${value}"`);
      values.push(match[1] ?? "");
      conditions.push(`${column(key)} = $${values.length}`);
    }
  }

  const from = `from public.${quote(table)}${conditions.length ? ` where ${conditions.join(" and ")}` : ""}`;
  const query = `select ${selected.join(", ")} ${from}${order.length ? ` order by ${order.join(", ")}` : ""}${limit}${offset}`;
  const { rows } = await tx.query<{ body: string; n: number }>(
    `select coalesce(json_agg(t), '[]'::json)::text as body, count(*)::int as n from (${query}) as t`,
    values,
  );
  const { body, n } = rows[0] ?? { body: "[]", n: 0 };

  let total = "*";
  if (/count=exact/.test(String(headers.prefer ?? ""))) {
    const counted = await tx.query<{ total: number }>(`select count(*)::int as total ${from}`, values);
    total = String(counted.rows[0]?.total ?? 0);
  }
  const start = Number(offset.replace(" offset ", "") || 0);
  const contentRange = n ? `${start}-${start + n - 1}/${total}` : `*/${total}`;

  if (String(headers.accept ?? "").includes("application/vnd.pgrst.object+json")) {
    if (n !== 1) {
      refuse(406, "PGRST116", "JSON object requested, multiple (or no) rows returned", `The result contains ${n} rows`);
    }
    const [object] = JSON.parse(body) as unknown[];
    return {
      status: 200,
      body: JSON.stringify(object),
      contentType: "application/vnd.pgrst.object+json; charset=utf-8",
      contentRange,
    };
  }
  return { status: 200, body, contentType: "application/json; charset=utf-8", contentRange };
}

async function insertRows(
  tx: Transaction,
  table: string,
  rawBody: string,
  headers: IncomingMessage["headers"],
): Promise<TableResult> {
  const columns = await columnsOf(tx, table);
  const prefer = String(headers.prefer ?? "");
  if (/return=(representation|headers-only)/.test(prefer)) {
    refuse(400, "PGRST100", "this test server inserts with return=minimal only");
  }
  let rows: unknown;
  try {
    rows = JSON.parse(rawBody);
  } catch {
    refuse(400, "PGRST102", "Empty or invalid json");
  }
  const list = Array.isArray(rows) ? rows : [rows];
  if (list.some((row) => typeof row !== "object" || row === null || Array.isArray(row))) {
    refuse(400, "PGRST102", "Empty or invalid json");
  }
  const keys = [...new Set(list.flatMap((row) => Object.keys(row as object)))];
  for (const key of keys) {
    if (!columns.has(key))
      refuse(400, "PGRST204", `Could not find the '${key}' column of '${table}' in the schema cache`);
  }
  const names = keys.map(quote).join(", ");
  // Only the inserted rows are counted (RETURNING 1 reads no column: no SELECT right needed).
  const { rows: counted } = await tx.query<{ n: number }>(
    `with inserted as (insert into public.${quote(table)} (${names})
       select ${names} from json_populate_recordset(null::public.${quote(table)}, $1::json) returning 1)
     select count(*)::int as n from inserted`,
    [JSON.stringify(list)],
  );
  const n = counted[0]?.n ?? 0;
  return {
    status: 201,
    body: "",
    contentType: "application/json; charset=utf-8",
    contentRange: `*/${/count=exact/.test(prefer) ? n : "*"}`,
  };
}

type FunctionRow = {
  argnames: string[] | null;
  types: string[];
  nargs: number;
  ndefaults: number;
  retset: boolean;
  volatility: string;
};

async function callFunction(tx: Transaction, name: string, rawBody: string): Promise<string> {
  let args: unknown;
  try {
    args = rawBody === "" ? {} : JSON.parse(rawBody);
  } catch {
    refuse(400, "PGRST102", "Empty or invalid json");
  }
  if (typeof args !== "object" || args === null || Array.isArray(args))
    refuse(400, "PGRST102", "Empty or invalid json");
  const keys = Object.keys(args);

  const { rows } = await tx.query<FunctionRow>(
    `select p.proargnames as argnames, p.pronargs as nargs, p.pronargdefaults as ndefaults,
            p.proretset as retset, p.provolatile as volatility,
            array(select format_type(a.t, null) from unnest(p.proargtypes::oid[]) with ordinality as a(t, i) order by a.i) as types
       from pg_catalog.pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.proname = $1 and p.prokind = 'f'`,
    [name],
  );
  // PostgREST picks the overload whose parameter names cover the keys, all required ones given.
  const fn = rows.find((row) => {
    const names = (row.argnames ?? []).slice(0, row.nargs);
    const required = names.slice(0, row.nargs - row.ndefaults);
    return keys.every((k) => names.includes(k)) && required.every((k) => keys.includes(k));
  });
  if (!fn) {
    refuse(
      404,
      "PGRST202",
      `Could not find the function public.${name}(${[...keys].sort().join(", ")}) in the schema cache`,
    );
  }

  // A stable or immutable function runs in a read-only transaction, as PostgREST does.
  if (fn.volatility !== "v") await tx.exec("set transaction read only");

  const names = fn.argnames ?? [];
  const typed = keys.map((k) => `${quote(k)} ${fn.types[names.indexOf(k)]}`);
  const call = `public.${quote(name)}(${keys.map((k) => `${quote(k)} := a.${quote(k)}`).join(", ")})`;
  const input = keys.length ? `json_to_record($1::json) as a(${typed.join(", ")}) cross join lateral ` : "";
  const result = fn.retset ? `coalesce(json_agg(r), '[]'::json)` : "to_json(r)";
  const { rows: out } = await tx.query<{ body: string | null }>(
    `select ${result}::text as body from ${input}${call} as r`,
    keys.length ? [rawBody] : [],
  );
  return out[0]?.body ?? "null";
}

export type FakePostgrest = {
  url: string;
  anonKey: string;
  /** Stands for Supabase's service_role (secret) key. */
  serviceKey: string;
  /** Every request received, in order (method, path with query, body). */
  requests: { method: string; url: string; body: string }[];
  setMode(mode: FakePostgrestMode): void;
  close(): Promise<void>;
};

export async function startFakePostgrest(
  db: PGlite,
  {
    anonKey = "test-anon-key",
    serviceKey = "test-service-key",
    mode = "ok",
  }: { anonKey?: string; serviceKey?: string; mode?: FakePostgrestMode } = {},
): Promise<FakePostgrest> {
  let current = mode;
  const requests: FakePostgrest["requests"] = [];
  const sockets = new Set<Socket>();

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let rawBody = "";
    for await (const chunk of req) rawBody += String(chunk);
    requests.push({ method: req.method ?? "", url: req.url ?? "", body: rawBody });

    if (current === "hang") return; // never answers; close() drops the connection
    if (current === "error500") {
      return send(
        res,
        500,
        JSON.stringify({
          code: "XX000",
          message: "fake PostgREST: simulated internal error",
          details: null,
          hint: null,
        }),
      );
    }
    // The public key runs as anon, the secret (service_role) key as service_role.
    const key = req.headers.apikey;
    const role = key === anonKey ? "anon" : key === serviceKey ? "service_role" : null;
    if (!role || req.headers.authorization !== `Bearer ${key}`) {
      return send(
        res,
        401,
        JSON.stringify({
          message: "Invalid API key",
          hint: "Double check your Supabase `anon` or `service_role` API key.",
        }),
      );
    }
    const profile = req.headers["accept-profile"] ?? req.headers["content-profile"];
    if (profile !== undefined && profile !== "public") {
      return send(
        res,
        406,
        JSON.stringify({
          code: "PGRST106",
          message: "The schema must be one of the following: public",
          details: null,
          hint: null,
        }),
      );
    }

    const url = new URL(req.url ?? "/", "http://localhost");
    const rpc = /^\/rest\/v1\/rpc\/([^/]+)$/.exec(url.pathname);
    const table = /^\/rest\/v1\/([^/]+)$/.exec(url.pathname);
    try {
      if (rpc?.[1] && req.method === "POST") {
        const name = decodeURIComponent(rpc[1]);
        const body = await db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          return callFunction(tx, name, rawBody);
        });
        return send(res, 200, body);
      }
      if (table?.[1] && req.method === "POST") {
        const name = decodeURIComponent(table[1]);
        const result = await db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          return insertRows(tx, name, rawBody, req.headers);
        });
        return send(res, result.status, result.body, { "Content-Range": result.contentRange });
      }
      if (table?.[1] && req.method === "GET") {
        const name = decodeURIComponent(table[1]);
        const result = await db.transaction(async (tx) => {
          await tx.exec("set transaction read only");
          await tx.exec(`set local role ${role}`);
          return readTable(tx, name, url.searchParams, req.headers);
        });
        return send(res, result.status, result.body, {
          "Content-Type": result.contentType,
          "Content-Range": result.contentRange,
        });
      }
      refuse(405, "PGRST117", `Unsupported HTTP method or path for this test server: ${req.method} ${url.pathname}`);
    } catch (error) {
      if (error instanceof PostgrestHttpError) return send(res, error.status, JSON.stringify(error.body));
      const pg = error as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };
      if (typeof pg.code === "string" && /^[0-9A-Z]{5}$/.test(pg.code)) {
        const body: ErrorBody = {
          code: pg.code,
          message: String(pg.message),
          details: typeof pg.detail === "string" ? pg.detail : null,
          hint: typeof pg.hint === "string" ? pg.hint : null,
        };
        return send(res, statusForSqlState(pg.code, role === "anon"), JSON.stringify(body));
      }
      throw error;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(
        res,
        500,
        JSON.stringify({ code: "XX000", message: `fake PostgREST bug: ${String(error)}`, details: null, hint: null }),
      );
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    anonKey,
    serviceKey,
    requests,
    setMode(mode) {
      current = mode;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL on which nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * Workers (and Node 22+) have a global WebSocket; Node 20 does not, and supabase-js's
 * realtime client looks one up when the client is made. The adapter never opens a socket:
 * this stand-in fails the test if anything ever tries.
 */
export class RefusingWebSocket {
  constructor() {
    throw new Error("the directory adapter must not open a realtime connection");
  }
}
