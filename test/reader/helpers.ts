import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import reader from "../../reader/src/index";
import type { ReaderEnv } from "../../reader/src/env";
import { env as testEnv } from "cloudflare:test";
import { workerFetch } from "../helpers/api";
import { readerBindings } from "../../src/reader-gateway";

/**
 * The reader Worker under test, called through its real fetch entry with its `API` binding on
 * the API Worker's own entry (the service binding of reader/wrangler.toml, in one runtime).
 * Every call the reader makes to the API is counted, so tests can say what a page view cost.
 */
export interface ReaderCalls {
  count: number;
  paths: string[];
}

/**
 * An `API` binding on the API Worker's entry that counts the reader's calls: through the
 * `ReaderGateway` entrypoint's bindings (src/reader-gateway.ts), as reader/wrangler.toml binds it.
 * `apiEnv` swaps the API Worker's bindings (a test's low rate limits).
 */
export function countingApi(calls: ReaderCalls, apiEnv: Cloudflare.Env = testEnv): Fetcher {
  return {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      calls.count += 1;
      calls.paths.push(`${init?.method ?? "GET"} ${url.pathname}`);
      return workerFetch(
        input instanceof Request ? input.url : url.toString(),
        init,
        readerBindings(apiEnv) as Cloudflare.Env,
      );
    },
    connect: () => {
      throw new Error("no sockets");
    },
  } as unknown as Fetcher;
}

/** What a test gets back from the reader. */
export interface ReaderResponse {
  status: number;
  headers: Headers;
  text: string;
  calls: ReaderCalls;
}

/** A request to the reader at `url` (an app-hosted site address of the suite). */
export async function readerFetch(
  url: string,
  init: RequestInit = {},
  apiEnv?: Cloudflare.Env,
): Promise<ReaderResponse> {
  const calls: ReaderCalls = { count: 0, paths: [] };
  const env: ReaderEnv = {
    API: countingApi(calls, apiEnv),
    PUBLIC_SITES_URL: "https://app.quire.test/sites",
  };
  const ctx = createExecutionContext();
  const res = await reader.fetch(new Request(url, { redirect: "manual", ...init }), env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, text, calls };
}

/** The cookies a reader answer sets, as a Cookie header value. */
export function cookiesOf(res: ReaderResponse): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}
