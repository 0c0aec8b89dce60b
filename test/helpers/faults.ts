import { env } from "cloudflare:test";
import { call, workerFetch, type ApiResponse, type CallOptions } from "./api";

/**
 * Fault injection for the D1 and R2 bindings, for tests only: a wrapped env whose D1 or R2 call
 * number N (counted across the whole request, `waitUntil` work included) throws as the binding
 * would. A failed D1 `batch` applies nothing, as D1's batches are atomic; with `after`, the call
 * runs first and its answer is lost (a committed write the Worker sees as failed).
 */
export interface FaultPlan {
  /** The D1 I/O call (first/all/run/raw/batch/exec, 1-based) that fails. */
  d1?: number;
  /** The R2 call (get/put/head/delete/list, 1-based) that fails. */
  r2?: number;
  /** Run the failing call, then throw (default: throw before, nothing applied). */
  after?: boolean;
}

/** One I/O call the wrapped bindings saw, in order: the binding, the method, the SQL or key. */
export interface FaultCall {
  binding: "d1" | "r2";
  method: string;
  what: string;
  failed: boolean;
  /** A D1 call made outside the request's counted handle: `waitUntil` work. */
  background: boolean;
}

/** A wrapped env and the log of the calls made through it. */
export interface FaultyEnv {
  env: Cloudflare.Env;
  calls: FaultCall[];
  /** The call that was made to fail, once it has been made. */
  failed(): FaultCall | undefined;
}

/** The error an injected fault throws: shaped like D1's and R2's own errors. */
class InjectedFault extends Error {
  constructor(binding: string, n: number, what: string) {
    super(`${binding === "d1" ? "D1_ERROR" : "R2_ERROR"}: injected fault on call ${n} (${what})`);
  }
}

/** Wraps the test env's DB and FILES bindings with the given fault plan. */
export function faultyEnv(plan: FaultPlan = {}): FaultyEnv {
  const calls: FaultCall[] = [];
  let d1n = 0;
  let r2n = 0;
  async function io<T>(
    binding: "d1" | "r2",
    method: string,
    what: string,
    run: () => Promise<T>,
  ): Promise<T> {
    const n = binding === "d1" ? ++d1n : ++r2n;
    const failing = (binding === "d1" ? plan.d1 : plan.r2) === n;
    // The request's own D1 calls go through its counting wrapper (src/db/counting.ts); work
    // after the answer (`waitUntil`) uses the bare binding.
    const background = binding === "d1" && !/counting\.ts/.test(new Error().stack ?? "");
    calls.push({ binding, method, what, failed: failing, background });
    if (!failing) return run();
    if (plan.after) await run();
    throw new InjectedFault(binding, n, what);
  }

  const inner = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const wrapStatement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const w: D1PreparedStatement = Object.create(stmt);
    inner.set(w, stmt);
    sqlOf.set(w, sql);
    w.bind = (...values: unknown[]) => wrapStatement(stmt.bind(...values), sql);
    w.first = ((column?: string) =>
      io("d1", "first", sql, () =>
        column ? stmt.first(column) : stmt.first(),
      )) as D1PreparedStatement["first"];
    w.all = (() => io("d1", "all", sql, () => stmt.all())) as D1PreparedStatement["all"];
    w.run = (() => io("d1", "run", sql, () => stmt.run())) as D1PreparedStatement["run"];
    w.raw = ((options?: { columnNames?: boolean }) =>
      io(
        "d1",
        "raw",
        sql,
        (): Promise<unknown[]> =>
          options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw(),
      )) as D1PreparedStatement["raw"];
    return w;
  };
  // The app queries through D1 sessions (src/db/session.ts): a session made from the wrapped
  // binding is wrapped the same way, so its calls are counted and can fail too.
  const realDb = env.DB;
  const wrapQueries = <T extends D1Database | D1DatabaseSession>(real: T): T => {
    const w: T = Object.create(real);
    w.prepare = (query: string) => wrapStatement(real.prepare(query), query);
    w.batch = ((statements: D1PreparedStatement[]) => {
      const unwrapped = statements.map((s) => inner.get(s) ?? s);
      const what = `batch: ${statements.map((s) => sqlOf.get(s) ?? "?").join(" ; ")}`;
      return io("d1", "batch", what, () => real.batch(unwrapped));
    }) as D1Database["batch"];
    return w;
  };
  const db = wrapQueries(realDb);
  db.exec = (query: string) => io("d1", "exec", query, () => realDb.exec(query));
  db.withSession = (constraint?: string) => wrapQueries(realDb.withSession(constraint));

  const realFiles = env.FILES;
  const files: R2Bucket = Object.create(realFiles);
  const keyOf = (k: unknown) => (typeof k === "string" ? k : Array.isArray(k) ? k.join(",") : "");
  files.get = ((key: string, o?: R2GetOptions) =>
    io("r2", "get", key, () => realFiles.get(key, o))) as R2Bucket["get"];
  files.put = ((key: string, v: Parameters<R2Bucket["put"]>[1], o?: R2PutOptions) =>
    io("r2", "put", key, () => realFiles.put(key, v, o))) as R2Bucket["put"];
  files.head = (key: string) => io("r2", "head", key, () => realFiles.head(key));
  files.delete = (keys: string | string[]) =>
    io("r2", "delete", keyOf(keys), () => realFiles.delete(keys));
  files.list = ((o?: R2ListOptions) =>
    io("r2", "list", o?.prefix ?? "", () => realFiles.list(o))) as R2Bucket["list"];

  return {
    env: { ...env, DB: db, FILES: files },
    calls,
    failed: () => calls.find((c) => c.failed),
  };
}

/** `workerFetch` of test/helpers/api.ts with a given env (the wrapped one). */
export function faultFetch(
  e: Cloudflare.Env,
  input: string | URL,
  init?: RequestInit,
): Promise<Response> {
  return workerFetch(input, init, e);
}

/** `call` of test/helpers/api.ts through a given env: JSON answers are contract-checked. */
export function callWith<T = any>(
  e: Cloudflare.Env,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  return call<T>(method, path, { ...options, bindings: e });
}
