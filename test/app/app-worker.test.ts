import { beforeAll, describe, expect, it } from "vitest";
import { VISITOR_ADDRESS_HEADER } from "../../core/requests/client-address";
import { appFetch, APP_ORIGIN } from "../helpers/app-fetch";
import { makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";

/**
 * The app Worker (app/) through its real fetch entry, its `API` binding on the API Worker's own
 * entry through the `AppGateway`'s bindings (app/wrangler.toml's service binding, in one
 * runtime): what reaches the API from a browser's request, the screens' security headers, the
 * cross-site refusals, and the account's token form end to end. The flows in a browser are
 * test-browser/sign-in.mjs.
 */

const APP = APP_ORIGIN;

/** A form post as the app's own page sends it. */
function form(session: TestSession, fields: Record<string, string>, origin = APP): RequestInit {
  return {
    method: "POST",
    headers: {
      Cookie: session.cookie,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }).toString(),
  };
}

describe("the app Worker", () => {
  let session: TestSession;
  let orgTitle: string;
  beforeAll(async () => {
    const { org, owner } = await makeOrg();
    orgTitle = org.title;
    session = await makeSession(owner.user.id);
  });

  it("passes /v1 to the API unchanged, names the visitor itself and returns Set-Cookie", async () => {
    const { res, calls } = await appFetch("/v1/session", {
      method: "DELETE",
      headers: {
        Cookie: session.cookie,
        Origin: APP,
        "X-Quire-CSRF": session.csrf,
        "User-Agent": "browser/1",
        "CF-Connecting-IP": "203.0.113.9",
        [VISITOR_ADDRESS_HEADER]: "198.51.100.1",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/^quire_session=;/);
    const [call] = calls;
    expect(call?.path).toBe("/v1/session");
    expect(call?.headers.get("Cookie")).toBe(session.cookie);
    expect(call?.headers.get("Origin")).toBe(APP);
    expect(call?.headers.get("User-Agent")).toBe("browser/1");
    // The address the trusted header names, never the one the browser wrote.
    expect(call?.headers.get(VISITOR_ADDRESS_HEADER)).toBe("203.0.113.9");
    session = await makeSession(session.userId);
  });

  it("answers the ways in (GET /v1/sessions/ways) without a credential", async () => {
    const { res, text } = await appFetch("/v1/sessions/ways");
    expect(res.status).toBe(200);
    // The suite's mail is the outbox; its one deployment OIDC provider is the test IdP.
    expect(JSON.parse(text)).toEqual({
      email: true,
      passkey: true,
      password: true,
      oidc: [
        { id: "idp", title: "Example IdP" },
        { id: "github", title: "GitHub" },
      ],
      saml: true,
      outbox: true,
    });
  });

  it("serves screens under a strict CSP, with no inline script", async () => {
    const { res, text } = await appFetch("/sign-in");
    expect(res.status).toBe(200);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|https:/);
    expect(text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(text).toContain('action="/sign-in/email"');
  });

  it.each([
    ["another site", "https://evil.example"],
    ["no Origin at all", ""],
  ])("refuses a form from %s before calling the API", async (_, origin) => {
    const init = form(session, { label: "forged" }, origin);
    if (!origin) (init.headers as Record<string, string>).Origin = "";
    const { res, text, calls } = await appFetch("/account/tokens", init);
    expect(res.status).toBe(403);
    expect(text).toContain("Cross-site request refused");
    expect(calls).toEqual([]);
  });

  it("lists the person's organizations and keeps `next` inside the app", async () => {
    const home = await appFetch("/", { headers: { Cookie: session.cookie } });
    expect(home.res.status).toBe(200);
    expect(home.text).toContain(orgTitle);
    const away = await appFetch("/sign-in?next=//evil.example/x", {
      headers: { Cookie: session.cookie },
    });
    expect(away.res.headers.get("Location")).toBe("/");
    const signedOut = await appFetch("/account");
    expect(signedOut.res.headers.get("Location")).toBe("/sign-in?next=%2Faccount");
  });

  it("creates a token from the account's form; a wrong CSRF token is the API's 403", async () => {
    const made = await appFetch("/account/tokens", form(session, { label: "ci", expires: "7" }));
    expect(made.res.status).toBe(201);
    expect(made.text).toMatch(/id="new-token-secret">quire_[\w-]{43}</);
    const forged = await appFetch(
      "/account/tokens",
      form({ ...session, csrf: "0".repeat(64) }, { label: "forged" }),
    );
    expect(forged.res.status).toBe(403);
    expect(forged.calls.map((c) => c.path)).toContain("/v1/user/tokens");
  });
});
