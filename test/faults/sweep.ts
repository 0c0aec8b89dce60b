import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { ApiResponse } from "../helpers/api";
import { faultyEnv, type FaultCall } from "../helpers/faults";
import { expectConsistent } from "./invariants";

/**
 * One write operation swept by fault injection: `setup` makes fresh data, `run` sends the request
 * through the env it is given, `ok` is its success status, `check` asserts the state after a
 * success (exactly one result), and `bestEffort` names the calls expected to fail without failing
 * the answer (work in `waitUntil`, or a step that is retried); a success despite any other fault is
 * reported as "(unlisted)" and is still held to `check` and the invariants.
 */
export interface FaultCase<S> {
  setup: () => Promise<S>;
  run: (e: Cloudflare.Env, s: S) => Promise<ApiResponse>;
  ok: number;
  check: (s: S, res: ApiResponse) => Promise<void>;
  /** After a failed attempt, before the retry: what must not be there (nothing half-written). */
  untouched?: (s: S) => Promise<void>;
  bestEffort?: RegExp;
}

/** What one sweep saw, for the report: calls per binding and the faults answered 2xx. */
export interface SweepReport {
  d1Calls: number;
  r2Calls: number;
  absorbed: string[];
}

/** Asserts the answer to a failed request: a JSON 500 naming the X-Request-Id, no stack. */
export function expectInternalError(res: ApiResponse, label: string): void {
  expect(res.status, `${label}: ${res.text}`).toBe(500);
  const id = res.headers.get("X-Request-Id");
  expect(id, label).toBeTruthy();
  expect(res.body).toEqual({
    error: { code: 500, message: `Internal server error (request id ${id})` },
  });
  expect(res.text).not.toMatch(/injected fault|D1_ERROR|R2_ERROR|\bat \w|\.ts:\d/);
}

/** The `lastUsedAt` touch of the caller's token: best-effort in every request, in `waitUntil`. */
const LAST_USED = /^UPDATE api_tokens SET last_used_at/;

const describeCall = (c: FaultCall | undefined) =>
  c
    ? `${c.background ? "background " : ""}${c.binding} ${c.method} ${c.what.slice(0, 100)}`
    : "none";

/**
 * Runs the operation once without faults to count its D1 and R2 calls, then once per call with
 * that call failing (fresh data each time): the answer is a 500 with the request id (or a
 * success, if the call is best-effort), the database stays consistent, and the same request
 * retried without faults succeeds with exactly one result.
 */
export async function sweep<S>(c: FaultCase<S>): Promise<SweepReport> {
  const clean = faultyEnv();
  const s0 = await c.setup();
  const first = await c.run(clean.env, s0);
  const last = clean.calls[clean.calls.length - 1];
  expect(first.status, `${first.text} (last call: ${last?.what})`).toBe(c.ok);
  await c.check(s0, first);
  await expectConsistent("after a clean run");
  const d1Calls = clean.calls.filter((x) => x.binding === "d1").length;
  const r2Calls = clean.calls.filter((x) => x.binding === "r2").length;
  const absorbed: string[] = [];
  const plans = [
    ...Array.from({ length: d1Calls }, (_, i) => ({ d1: i + 1 })),
    ...Array.from({ length: r2Calls }, (_, i) => ({ r2: i + 1 })),
  ];
  for (const plan of plans) {
    const s = await c.setup();
    const faulty = faultyEnv(plan);
    const res = await c.run(faulty.env, s);
    const failed = faulty.failed();
    const label = `${JSON.stringify(plan)} failing ${describeCall(failed)}`;
    if (res.status === c.ok) {
      expect(failed, label).toBeDefined();
      // A success despite the fault is right only if the whole result landed (`check`): the call
      // was best-effort work after the answer, or a step the service retries.
      const known =
        failed!.background ||
        LAST_USED.test(failed!.what) ||
        (c.bestEffort?.test(failed!.what) ?? false);
      absorbed.push(`${known ? "" : "(unlisted) "}${describeCall(failed)}`);
      await c.check(s, res);
      await expectConsistent(label);
      continue;
    }
    expectInternalError(res, label);
    await expectConsistent(label);
    await c.untouched?.(s);
    const retry = await c.run(env, s);
    expect(retry.status, `retry after ${label}: ${retry.text}`).toBe(c.ok);
    await c.check(s, retry);
    await expectConsistent(`retry after ${label}`);
  }
  return { d1Calls, r2Calls, absorbed };
}
