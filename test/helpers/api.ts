import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/index";
import { assertContract } from "./contract";

/**
 * Calls the Worker's fetch entry (the module's default export, as workerd calls it) with a fresh
 * execution context, and waits for the work it left in `waitUntil` before returning, so a test's
 * next request sees it. (`SELF.fetch` gets slower with every request a test worker has served,
 * workers-sdk#15446; a direct call does not.)
 */
export async function workerFetch(
  input: string | URL,
  init?: RequestInit,
  bindings: Cloudflare.Env = env,
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(input, init), bindings, ctx);
  const body = await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(res.status === 204 || res.status === 304 ? null : body, {
    status: res.status,
    headers: res.headers,
  });
}

/** What a test gets back from the Worker: status, parsed JSON (if any), headers and raw text. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** Options of one API call. */
export interface CallOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  headers?: Record<string, string>;
  /** The bindings to call the Worker with (default: the test env; fault tests wrap them). */
  bindings?: Cloudflare.Env;
}

/** The D1 cost of a request, from the X-Quire-D1 header. */
export function d1Cost(res: ApiResponse) {
  const header = res.headers.get("X-Quire-D1") ?? "";
  const parts = Object.fromEntries(header.split(";").map((kv) => kv.split("=")));
  return {
    roundTrips: Number(parts.rt ?? NaN),
    rowsRead: Number(parts.read ?? NaN),
    rowsWritten: Number(parts.written ?? NaN),
    unmetered: Number(parts.unmetered ?? NaN),
  };
}

/**
 * Calls the Worker through its real fetch entry. Every JSON response is checked against the
 * official response schema of the operation (or the project's own schema) before it is returned.
 */
export async function call<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(`https://quire.test/v1${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(k, item));
    else url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  // As an HTTP client does: a body of known length says so (the Worker queues unknown lengths).
  if (body !== undefined)
    headers["Content-Length"] ??= String(new TextEncoder().encode(body).length);
  const res = await workerFetch(url, { method, headers, body }, options.bindings);
  const text = await res.text();
  let parsed: unknown = undefined;
  if ((res.headers.get("Content-Type") ?? "").includes("application/json")) {
    parsed = JSON.parse(text);
    assertContract(method, url.pathname, res.status, parsed, url.searchParams);
  }
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}

/** Shorthands bound to a token. */
export function as(token: string | null) {
  return {
    get: <T = any>(path: string, o: CallOptions = {}) => call<T>("GET", path, { ...o, token }),
    post: <T = any>(path: string, body?: unknown, o: CallOptions = {}) =>
      call<T>("POST", path, { ...o, body, token }),
    put: <T = any>(path: string, body?: unknown, o: CallOptions = {}) =>
      call<T>("PUT", path, { ...o, body, token }),
    patch: <T = any>(path: string, body?: unknown, o: CallOptions = {}) =>
      call<T>("PATCH", path, { ...o, body, token }),
    delete: <T = any>(path: string, o: CallOptions = {}) =>
      call<T>("DELETE", path, { ...o, token }),
  };
}

/**
 * Has the Worker verify a token, as any request with it does: the isolate then remembers it for
 * a few seconds, and a write's body is read without first paying the round trip that
 * authenticates a cold token. D1 budget tests of writes measure that steady state.
 */
export async function warmToken(token: string): Promise<void> {
  await call("GET", "/user", { token });
}
