import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import app from "../../app/src/index";
import { appBindings } from "../../src/app-gateway";
import { workerFetch } from "./api";
import type { TestSession } from "./sessions";

/**
 * The app Worker through its real fetch entry, its `API` binding on the API Worker's entry as
 * the `AppGateway` binds it, counting the API calls each screen makes (the screens' round trips).
 */

/** The app's origin in these tests. */
export const APP = "https://app.quire.test";

/** One request to the app: its answer, its text and the API paths it called. */
export async function appFetch(path: string, init: RequestInit = {}) {
  const calls: string[] = [];
  const binding = {
    fetch: async (input: RequestInfo | URL, options?: RequestInit) => {
      const request = new Request(input, options);
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}`);
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
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${APP}${path}`, { redirect: "manual", ...init }),
    { API: binding },
    ctx,
  );
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, text, calls };
}

/** A GET as the session's browser sends it. */
export function asPerson(session: TestSession): RequestInit {
  return { headers: { Cookie: session.cookie } };
}

/** A form post of one of the app's pages, as the session's browser sends it. */
export function formOf(session: TestSession, fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: {
      Cookie: session.cookie,
      Origin: APP,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }).toString(),
  };
}
