import * as oauth from "oauth4webapi";
import { z } from "zod";
import { createOutbound } from "../../outbound/index";
import { ApiError } from "../../lib/errors";
import {
  httpOptions,
  oidcRefusal,
  type OidcClientConfig,
  type OidcEnv,
  type OidcIdentity,
} from "./client";

/**
 * Signing in with GitHub (docs/security.md, "GitHub"): GitHub is OAuth 2, not OpenID Connect — no
 * discovery, no ID token — so the person is who GitHub's API says the access token belongs to.
 * Authorization code with state and PKCE (S256) over oauth4webapi, the token exchanged with the
 * client secret, then `GET /user` (the id, the name) and `GET /user/emails`: only the PRIMARY
 * address counts, and it links an account only when GitHub has verified it (link.ts, the rule
 * of every provider). Every request goes through the one outbound fetcher. A GitHub Enterprise
 * Server is the same with its own web address (its API at `<url>/api/v3`).
 */

/** The scopes asked for: the profile and the addresses, nothing that writes. */
const SCOPE = "read:user user:email";

/** GitHub's web address by default (the `url` of an `OIDC_PROVIDERS` entry of kind `github`). */
export const GITHUB_URL = "https://github.com";

/** GitHub's endpoints for a web address: github.com's API host, or an Enterprise Server's. */
function endpoints(web: string) {
  const base = web.replace(/\/+$/, "");
  const api = new URL(base).hostname === "github.com" ? "https://api.github.com" : `${base}/api/v3`;
  const as: oauth.AuthorizationServer = {
    issuer: base,
    authorization_endpoint: `${base}/login/oauth/authorize`,
    token_endpoint: `${base}/login/oauth/access_token`,
  };
  return { as, api };
}

/** The URL that sends the browser to GitHub, with state and PKCE's challenge. */
export async function githubAuthorizationUrl(
  config: OidcClientConfig,
  flow: { redirectUri: string; state: string; codeVerifier: string },
): Promise<string> {
  const url = new URL(endpoints(config.issuer).as.authorization_endpoint!);
  const params = url.searchParams;
  params.set("client_id", config.clientId);
  params.set("redirect_uri", flow.redirectUri);
  params.set("response_type", "code");
  params.set("scope", SCOPE);
  params.set("state", flow.state);
  params.set("code_challenge", await oauth.calculatePKCECodeChallenge(flow.codeVerifier));
  params.set("code_challenge_method", "S256");
  params.set("allow_signup", "false");
  return url.href;
}

/** `GET /user`, the parts read. */
const GithubUser = z.object({ id: z.number(), login: z.string(), name: z.string().nullish() });

/** `GET /user/emails`, the parts read. */
const GithubEmails = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

/**
 * Finishes a GitHub sign-in: checks the answer (state, errors), exchanges the code with the
 * PKCE verifier, and reads the person from GitHub's API. Any failed check is a 403 naming it;
 * GitHub out of reach is a 502.
 */
export async function finishGithubSignIn(
  env: OidcEnv,
  config: OidcClientConfig,
  answer: URLSearchParams,
  flow: { redirectUri: string; state: string; codeVerifier: string },
): Promise<OidcIdentity> {
  const { as, api } = endpoints(config.issuer);
  const client: oauth.Client = { client_id: config.clientId };
  try {
    const params = oauth.validateAuthResponse(as, client, answer, flow.state);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(config.clientSecret),
      params,
      flow.redirectUri,
      flow.codeVerifier,
      httpOptions(env, config.issuer),
    );
    // GitHub answers a refused code with a 200 whose body names the error.
    const refused = z.object({ error: z.string() }).safeParse(
      await res
        .clone()
        .json()
        .catch(() => null),
    );
    if (refused.success) {
      throw new ApiError(403, `GitHub refused the code: ${refused.data.error}`);
    }
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, res);
    const [user, emails] = await Promise.all([
      readApi(env, `${api}/user`, tokens.access_token, GithubUser),
      readApi(env, `${api}/user/emails`, tokens.access_token, GithubEmails),
    ]);
    const primary = emails.find((e) => e.primary);
    return {
      issuer: as.issuer,
      subject: String(user.id),
      email: primary ? primary.email.trim().toLowerCase() : null,
      emailVerified: primary?.verified === true,
      name: user.name?.trim() || user.login,
    };
  } catch (error) {
    throw oidcRefusal(error, "GitHub's answer");
  }
}

/** One read of GitHub's API with the access token, its JSON checked against `schema`. */
async function readApi<T>(
  env: OidcEnv,
  url: string,
  token: string,
  schema: z.ZodType<T>,
): Promise<T> {
  const res = await createOutbound(env).request(url, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
      "User-Agent": "Quire",
    },
  });
  if (res.status !== 200) {
    throw new ApiError(403, `GitHub's ${new URL(url).pathname} answered ${res.status}`);
  }
  const read = schema.safeParse(res.json());
  if (!read.success) {
    throw new ApiError(403, `GitHub's ${new URL(url).pathname} answered an unexpected shape`);
  }
  return read.data;
}
