import { call, type ApiResponse } from "./api";
import { appOrigin } from "./sessions";

/**
 * An OIDC sign-in driven like a browser would: Quire's start, the provider's login (the real
 * oidc-provider of test/network/oidc.ts, reached through the fake internet), and Quire's
 * callback with the query the provider sent to the app's callback page.
 */

/** The `name=value` of a Set-Cookie named `name`, or null. */
function setCookie(res: { headers: Headers }, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/** Starts a sign-in with `provider`: the provider's URL and the state cookie Quire set. */
export async function startOidc(
  provider: string,
  options: { returnTo?: string; origin?: string } = {},
): Promise<{ res: ApiResponse; url: string; cookie: string }> {
  const res = await call("POST", "/sessions/oidc/start", {
    body: { provider, ...(options.returnTo ? { returnTo: options.returnTo } : {}) },
    headers: { Origin: options.origin ?? appOrigin() },
  });
  return { res, url: res.body?.url ?? "", cookie: setCookie(res, "quire_oidc") ?? "" };
}

/**
 * Signs `account` (an e-mail address: the test provider's account id) in at the provider from
 * its authorization URL, following its redirects with its cookies, and answers the query string
 * it sends back to the app's callback page.
 */
export async function loginAtProvider(authorizationUrl: string, account: string): Promise<string> {
  const jar = new Map<string, string>();
  const visit = async (url: string) => {
    const cookie = [...jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    await res.body?.cancel();
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}`);
    return new URL(location, url);
  };
  const interaction = await visit(authorizationUrl);
  const resume = await visit(
    `${interaction.origin}${interaction.pathname}/login?account=${encodeURIComponent(account)}`,
  );
  const callback = await visit(resume.href);
  if (!callback.href.startsWith(`${appOrigin()}/sign-in/oidc/callback`)) {
    throw new Error(`the provider did not return to the app: ${callback.href}`);
  }
  return callback.search.slice(1);
}

/** Finishes a sign-in: the callback with the provider's query and the browser's state cookie. */
export function finishOidc(query: string, cookie: string, origin = appOrigin()) {
  return call("POST", "/sessions/oidc/callback", {
    body: { query },
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** The session cookie a finished sign-in set, or null. */
export function sessionCookieOf(res: ApiResponse): string | null {
  return setCookie(res, "quire_session");
}
