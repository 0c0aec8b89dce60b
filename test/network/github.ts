/**
 * A fake GitHub (OAuth apps and the REST API, as a GitHub Enterprise Server lays them out:
 * `/login/oauth/*`, `/api/v3/*`) for the GitHub sign-in of src/services/oidc/github.ts, behaving
 * as GitHub documents it: the authorize page redirects to the registered callback with `code`
 * and `state`; the token endpoint checks the client, the secret, the redirect URI and the PKCE
 * verifier, spends the code, and answers a refusal as a 200 with `error` (as GitHub does);
 * `/user` and `/user/emails` answer the token's person. Its default export is
 * `github.example.com` of the vitest suite's fake internet; test-browser/github.mjs serves
 * `fakeGithub()` on loopback for a real browser (with `loginPage`).
 *
 * Who signs in: `login=<who>` on the authorize URL, standing for GitHub's own login page (with
 * `loginPage`, a tiny form asks for it when absent; its Cancel is the person saying no). `<who>`
 * an address has it primary and verified; `unverified:<address>` has it primary but
 * unverified; `secondary:<address>` has it verified but not primary (the primary an unverified
 * `<login>@users.example.com`).
 */

/** The OAuth app registered at the fake: its client, secret and callback URL. */
interface FakeGithubApp {
  clientId: string;
  clientSecret: string;
  callback: string;
  /** Show a login form when the authorize URL has no `login=` (else: the person said no). */
  loginPage?: boolean;
}

/** A code handed out and not yet spent. */
interface Grant {
  who: string;
  challenge: string;
  redirectUri: string;
}

/** The PKCE S256 challenge of a verifier. */
async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString("base64url");
}

/** The addresses `/user/emails` answers for a `login=` hint. */
function emailsOf(who: string) {
  const [mode, address] = who.includes(":") ? who.split(/:(.*)/s) : ["verified", who];
  const email = address ?? "";
  if (mode === "unverified") return [{ email, primary: true, verified: false }];
  if (mode === "secondary") {
    return [
      { email: `${email.split("@")[0]}@users.example.com`, primary: true, verified: false },
      { email, primary: false, verified: true },
    ];
  }
  return [{ email, primary: true, verified: true }];
}

/** Text safe inside an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The login form: the authorize query kept, `login` asked for. */
function loginForm(url: URL): Response {
  const kept = [...url.searchParams]
    .filter(([name]) => name !== "login" && name !== "cancel")
    .map(([n, v]) => `<input type="hidden" name="${escapeHtml(n)}" value="${escapeHtml(v)}">`);
  const html = `<!doctype html><html lang="en"><head><title>Sign in to GitHub</title></head>
<body><main><h1>Sign in to GitHub</h1><form method="get" action="${url.pathname}">${kept.join("")}
<label for="login">Username or email address</label> <input id="login" name="login" required>
<button type="submit">Sign in</button> <button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form></main></body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

/**
 * A fake GitHub for one OAuth app: its request handler, with codes and tokens of its own.
 * @public (test-browser/fixtures/suite-doubles.mjs imports it bundled by esbuild, unseen by knip)
 */
export function fakeGithub(app: FakeGithubApp) {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, string>();

  function authorize(url: URL): Response {
    const p = url.searchParams;
    if (p.get("client_id") !== app.clientId) return new Response("unknown client", { status: 404 });
    if (p.get("redirect_uri") !== app.callback)
      return new Response("bad redirect", { status: 400 });
    const who = p.get("login");
    if (!who && app.loginPage && !p.has("cancel")) return loginForm(url);
    const back = new URL(app.callback);
    if (!who) back.searchParams.set("error", "access_denied");
    else {
      const code = crypto.randomUUID();
      codes.set(code, {
        who,
        challenge: p.get("code_challenge") ?? "",
        redirectUri: p.get("redirect_uri") ?? "",
      });
      back.searchParams.set("code", code);
    }
    back.searchParams.set("state", p.get("state") ?? "");
    return new Response(null, { status: 302, headers: { location: back.href } });
  }

  async function accessToken(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const refuse = (error: string) => Response.json({ error, error_description: error });
    if (form.get("client_id") !== app.clientId || form.get("client_secret") !== app.clientSecret) {
      return refuse("incorrect_client_credentials");
    }
    const code = form.get("code") ?? "";
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.redirectUri !== form.get("redirect_uri")) {
      return refuse("bad_verification_code");
    }
    if ((await challengeOf(form.get("code_verifier") ?? "")) !== grant.challenge) {
      return refuse("bad_verification_code");
    }
    const token = `gho_${crypto.randomUUID().replace(/-/g, "")}`;
    tokens.set(token, grant.who);
    return Response.json({
      access_token: token,
      token_type: "bearer",
      scope: "read:user,user:email",
    });
  }

  function api(request: Request, path: string): Response {
    const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    const who = tokens.get(token);
    if (!who) return Response.json({ message: "Bad credentials" }, { status: 401 });
    const emails = emailsOf(who);
    if (path === "/api/v3/user/emails") return Response.json(emails);
    if (path === "/api/v3/user") {
      const login = (emails[0]?.email ?? "someone").split("@")[0]!.replace(/[^\w-]/g, "-");
      return Response.json({ id: 1000 + tokens.size, login, name: `${login} on GitHub` });
    }
    return Response.json({ message: "Not Found" }, { status: 404 });
  }

  return function github(request: Request): Response | Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/login/oauth/authorize") return authorize(url);
    if (url.pathname === "/login/oauth/access_token" && request.method === "POST") {
      return accessToken(request);
    }
    if (url.pathname.startsWith("/api/v3/")) return api(request, url.pathname);
    return new Response("not found", { status: 404 });
  };
}

/** `github.example.com`: the OAuth app of vitest.config.ts's `github` provider. */
export default fakeGithub({
  clientId: "quire-gh",
  clientSecret: "gh-secret",
  callback: "https://app.quire.test/sign-in/oidc/callback",
});
