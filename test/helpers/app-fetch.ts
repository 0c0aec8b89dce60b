import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import app from "../../app/src/index";
import { appBindings } from "../../src/app-gateway";
import { workerFetch } from "./api";
import type { TestSession } from "./sessions";

/**
 * The app Worker (app/) through its real fetch entry, its `API` binding on the API Worker's own
 * entry as the `AppGateway` binds it: a screen's request as a browser sends it, and the API
 * paths it called. test/app/app-worker.test.ts keeps its own copy for the headers it records.
 */

/** The app's origin in the suite. */
const APP_ORIGIN = "https://app.quire.test";

/** An `API` binding on the API's entry, recording the paths called. */
function apiBinding(paths: string[]): Fetcher {
  return {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      paths.push(`${request.method} ${new URL(request.url).pathname}`);
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
  const paths: string[] = [];
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${APP_ORIGIN}${path}`, { redirect: "manual", ...init }),
    { API: apiBinding(paths) },
    ctx,
  );
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, text, paths };
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
