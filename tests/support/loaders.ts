// Calling route loaders directly in integration tests: the arguments Remix would pass, and
// what a loader returned or threw (loaders throw `data(...)` for error statuses).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { expect } from "vitest";

/** A request for `url` with `env` as the Worker's bindings, as server.ts builds the context. */
export function loaderArgs(url: string, env: Partial<Env>, params: Record<string, string> = {}): LoaderFunctionArgs {
  return {
    request: new Request(url),
    params,
    context: { cloudflare: { env }, nonce: "test-nonce" },
  } as unknown as LoaderFunctionArgs;
}

/** What a loader threw (or returned). */
export async function settle(run: () => Promise<unknown>) {
  try {
    return { threw: false, value: await run() };
  } catch (thrown) {
    return { threw: true, value: thrown };
  }
}

/** The shape of `data(value, init)` from @remix-run/cloudflare (single fetch). */
export type DataWithInit = {
  type: "DataWithResponseInit";
  data: unknown;
  init: { status?: number; headers?: HeadersInit } | null;
};

export function expectStatus(value: unknown, status: number): DataWithInit {
  expect(value).toMatchObject({ type: "DataWithResponseInit", init: { status } });
  return value as DataWithInit;
}

/** `run` throws the loader's answer of `status` (a 404, a 503); that answer. */
export async function expectThrownStatus(run: () => Promise<unknown>, status: number): Promise<DataWithInit> {
  const { threw, value } = await settle(run);
  expect(threw).toBe(true);
  return expectStatus(value, status);
}
