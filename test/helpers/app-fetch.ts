import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import app from "../../app/src/index";
import { appBindings } from "../../src/app-gateway";
import { workerFetch } from "./api";
import type { TestSession } from "./sessions";

/**
 * The app Worker (app/) through its real fetch entry, its `API` binding on the API Worker's own
 * entry as the `AppGateway` binds it: a screen's request as a browser sends it, and the API
 * calls it made (method, path, headers).
 */

/** The app's origin in the suite. */
export const APP_ORIGIN = "https://app.quire.test";

/** One call the app made to the API. */
interface ApiCall {
  method: string;
  path: string;
  headers: Headers;
}

/** An `API` binding on the API's entry, as AppGateway binds it, recording every call. */
function apiBinding(calls: ApiCall[]): Fetcher {
  return {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls.push({
        method: request.method,
        path: new URL(request.url).pathname,
        headers: new Headers(request.headers),
      });
      return workerFetch(
        request.url,
        {
          method: request.method,
          headers: request.headers,
          ...(request.body ? { body: await request.arrayBuffer() } : {}),
        },
        appBindings(env) as Cloudflare.Env,
      );
    },
    connect: () => {
      throw new Error("no sockets");
    },
  } as unknown as Fetcher;
}

/** One request to the app: its answer, its text and the API calls it made. */
export async function appFetch(path: string, init: RequestInit = {}) {
  const calls: ApiCall[] = [];
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${APP_ORIGIN}${path}`, { redirect: "manual", ...init }),
    { API: apiBinding(calls) },
    ctx,
  );
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  const paths = calls.map((call) => `${call.method} ${call.path}`);
  return { res, text, paths, calls };
}

/** A GET of a screen as `session`'s browser. */
export function screenOf(session: TestSession, path: string) {
  return appFetch(path, asPerson(session));
}

/** A form post of one of the app's pages as `session`'s browser. */
export function postForm(session: TestSession, path: string, fields: Record<string, string> = {}) {
  return appFetch(path, formOf(session, fields));
}

/** The init of a GET as `session`'s browser sends it (for `appFetch`). */
export function asPerson(session: TestSession): RequestInit {
  return { headers: { Cookie: session.cookie } };
}

/** The init of a form post of one of the app's pages as `session`'s browser sends it. */
export function formOf(session: TestSession, fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: {
      Cookie: session.cookie,
      Origin: APP_ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }).toString(),
  };
}
