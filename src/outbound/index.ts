import type { Bindings } from "../env";
import { hostVerdict } from "./addresses";
import { dohUrlOf, resolvedVerdict } from "./dns";
import { devLoopbackAllowed, type LoopbackPolicy } from "./dev-loopback";

/**
 * The one way Quire reaches the network (spec URLs, translation engines, dev tunnels): http(s)
 * only, no credentials in URLs, no loopback, private, link-local or metadata addresses
 * (literals, internal names, and names that resolve to them), each redirect re-checked, with a
 * time limit and a response size cap.
 */

/** Why an outbound request did not produce a response. */
export type OutboundErrorCode =
  | "invalid_url"
  | "blocked_address"
  | "timeout"
  | "too_large"
  | "network"
  | "too_many_redirects";

/** The error every refusal and failure of the outbound fetcher throws; branch on `code`. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

/** A fully read response. */
interface OutboundResponse {
  status: number;
  headers: Headers;
  /** The final URL, after redirects. */
  url: string;
  body: Uint8Array;
  text(): string;
  json(): unknown;
}

/** A response whose body is read as it arrives (a Git pack): the size cap and time limit still apply. */
interface OutboundStream {
  status: number;
  headers: Headers;
  url: string;
  /** Errors as `OutboundError` (`too_large` past the cap, `timeout`, `network`). */
  body: ReadableStream<Uint8Array>;
}

/** What a caller may send. */
interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** Per-request limits; defaults: 10 s, 5 MiB, 5 redirects (a Git pack asks for more: src/services/git-sync). */
export interface OutboundLimits {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** The outbound fetcher handed to jobs and services. */
export interface Outbound {
  request(url: string, init?: OutboundInit, limits?: OutboundLimits): Promise<OutboundResponse>;
  /** The same request, its body streamed rather than read whole. */
  stream(url: string, init?: OutboundInit, limits?: OutboundLimits): Promise<OutboundStream>;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

type Policy = LoopbackPolicy & Pick<Bindings, "OUTBOUND_DNS_CHECK" | "OUTBOUND_DOH_URL">;

/** The outbound fetcher of a deployment (loopback only in local development: dev-loopback.ts). */
export function createOutbound(env: Policy): Outbound {
  return {
    request: (url, init, limits) => request(env, url, init ?? {}, limits ?? {}, readAll),
    stream: (url, init, limits) => request(env, url, init ?? {}, limits ?? {}, streamed),
  };
}

/** How the final answer's body is taken: read whole, or streamed within the same limits. */
type Reading<T> = (
  res: Response,
  url: string,
  maxBytes: number,
  failure: (error: unknown) => OutboundError,
) => Promise<T>;

async function request<T>(
  env: Policy,
  rawUrl: string,
  init: OutboundInit,
  limits: OutboundLimits,
  read: Reading<T>,
): Promise<T> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...limits };
  const signal = AbortSignal.timeout(timeoutMs);
  let url = rawUrl;
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  let headers = { ...(init.headers ?? {}) };
  const failure = (error: unknown) => asOutboundError(error, signal, timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkedUrl(env, url, signal);
      const res = await fetch(target, { method, headers, body, redirect: "manual", signal });
      if (!REDIRECTS.has(res.status)) return await read(res, target.href, maxBytes, failure);
      await res.body?.cancel();
      const location = res.headers.get("location");
      if (!location) return await read(res, target.href, maxBytes, failure);
      if (hop >= maxRedirects) {
        throw new OutboundError("too_many_redirects", `More than ${maxRedirects} redirects`);
      }
      const next = new URL(location, target);
      if (next.origin !== target.origin) headers = withoutCredentials(headers);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      url = next.href;
    }
  } catch (error) {
    throw failure(error);
  }
}

/** Parses and vets one hop's URL; throws `invalid_url` or `blocked_address`. */
async function checkedUrl(env: Policy, raw: string, signal: AbortSignal): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError("invalid_url", `Not a URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new OutboundError(
      "invalid_url",
      `Only http and https URLs are allowed, not ${url.protocol}`,
    );
  }
  if (url.username || url.password) {
    throw new OutboundError("invalid_url", "URLs may not carry credentials");
  }
  const allowLoopback = devLoopbackAllowed(env);
  let verdict = hostVerdict(url.hostname);
  const isName = verdict === null && !/^[\d.]+$|^\[/.test(url.hostname);
  // The resolver every other name is checked with is not itself resolved through itself (the
  // operator chose it; a TXT lookup through it then costs one request, not three).
  const isResolver = url.host === dohUrlOf(env.OUTBOUND_DOH_URL).host;
  if (isName && !isResolver && env.OUTBOUND_DNS_CHECK !== "off") {
    verdict = await resolvedVerdict(url.hostname, env.OUTBOUND_DOH_URL, signal);
  }
  if (verdict === "private" || (verdict === "loopback" && !allowLoopback)) {
    throw new OutboundError("blocked_address", `${url.hostname} is not a public address`);
  }
  return url;
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (!/^(authorization|cookie|proxy-authorization)$/i.test(k)) out[k] = v;
  }
  return out;
}

async function readAll(res: Response, url: string, maxBytes: number): Promise<OutboundResponse> {
  const declared = Number(res.headers.get("content-length") ?? "NaN");
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new OutboundError("too_large", `Response larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new OutboundError("too_large", `Response larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const text = () => new TextDecoder().decode(body);
  return {
    status: res.status,
    headers: res.headers,
    url,
    body,
    text,
    json: () => JSON.parse(text()),
  };
}

/** The answer with its body as a stream that errors past `maxBytes` (and as the fetch fails). */
async function streamed(
  res: Response,
  url: string,
  maxBytes: number,
  failure: (error: unknown) => OutboundError,
): Promise<OutboundStream> {
  const declared = Number(res.headers.get("content-length") ?? "NaN");
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new OutboundError("too_large", `Response larger than ${maxBytes} bytes`);
  }
  const reader = res.body?.getReader();
  let size = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!reader) return controller.close();
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new OutboundError("too_large", `Response larger than ${maxBytes} bytes`);
        }
        controller.enqueue(value);
      } catch (error) {
        controller.error(failure(error));
      }
    },
    cancel: (reason) => reader?.cancel(reason),
  });
  return { status: res.status, headers: res.headers, url, body };
}

function asOutboundError(error: unknown, signal: AbortSignal, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted)
    return new OutboundError("timeout", `No complete answer within ${timeoutMs} ms`);
  const message = error instanceof Error ? error.message : String(error);
  return new OutboundError("network", `Network error: ${message.slice(0, 200)}`);
}
