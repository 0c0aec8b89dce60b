// A real OpenID Connect provider (the `oidc-provider` package, v9) on loopback, for the tests:
// the vitest fake internet (test/network/oidc.ts) routes a fake host to it, and the OIDC browser
// test (test-browser/oidc.mjs) sends Chromium to it. Anyone signs in with no password (local test
// use only): `/interaction/<uid>` is a one-field login page, and
// `GET /interaction/<uid>/login?account=<e-mail>` finishes the login interaction as
// that account, and consent is granted at once. An account's e-mail is its id; it is verified
// unless its local part starts with "unverified".
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import Provider from "oidc-provider";

/** The claims of an account: its id is its e-mail address. */
function accountOf(accountId) {
  return {
    accountId,
    async claims() {
      return {
        sub: accountId,
        email: accountId,
        email_verified: !accountId.startsWith("unverified"),
        name: accountId.split("@")[0],
      };
    },
  };
}

/**
 * Starts the provider on 127.0.0.1 (port 0: a free one). `issuer(origin)` names the issuer given
 * the loopback origin (default: the origin itself); `clients` are registered as given. Answers
 * `{ origin, issuer, privateJwk, close }`; behind a proxy, send `X-Forwarded-Host`/`-Proto`.
 */
export async function startOidcIdp({ issuer = (origin) => origin, clients, port = 0 }) {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateJwk = {
    ...privateKey.export({ format: "jwk" }),
    kid: "idp-key",
    use: "sig",
    alg: "RS256",
  };
  let provider = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const page = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (page) {
      // The login screen: an e-mail address, no password (a test provider).
      res
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html lang="en"><title>Test provider</title><h1>Test provider</h1>` +
            `<form method="get" action="/interaction/${page[1]}/login"><label for="account">E-mail</label>` +
            `<input id="account" name="account" type="email" required><button>Sign in</button></form>`,
        );
      return;
    }
    const login = /^\/interaction\/([^/]+)\/login$/.exec(url.pathname);
    if (login) {
      const accountId = url.searchParams.get("account") ?? "someone@example.com";
      provider
        .interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false })
        .catch((error) => res.writeHead(400).end(String(error)));
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  // A test run's process may end while it still listens (vitest's fake internet never closes it).
  server.unref();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const issuerUrl = issuer(origin);
  provider = new Provider(issuerUrl, {
    clients,
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => accountOf(id),
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    // First-party test clients: consent is granted at once.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  provider.proxy = true;
  return {
    origin,
    issuer: issuerUrl,
    privateJwk,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
