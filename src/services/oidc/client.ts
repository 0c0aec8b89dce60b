import * as oauth from "oauth4webapi";
import type { Bindings } from "../../env";
import { createOutbound, OutboundError } from "../../outbound/index";
import { fetchThrough } from "../../outbound/as-fetch";
import { devLoopbackAllowed, isLoopbackHost } from "../../outbound/dev-loopback";
import { ApiError, badRequest } from "../../lib/errors";

/**
 * The OpenID Connect relying party, over oauth4webapi (docs/security.md, "OIDC"): discovery by
 * issuer URL, the authorization code flow with PKCE (S256), state and nonce, and the ID token
 * checked (issuer, audience, nonce, expiry, and its signature against the provider's JWKS). Every
 * request goes through the one outbound fetcher (`customFetch`); plain http is allowed only for
 * a loopback issuer in local development (src/outbound/dev-loopback.ts).
 */

/** A provider as the flow needs it: a deployment one (vars) or an organization's (D1). */
export interface OidcClientConfig {
  /** A deployment provider's id, or `org:<providerId>`. */
  key: string;
  title: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `github`: GitHub's OAuth 2 (github.ts), `issuer` its web address; absent: OIDC. */
  kind?: "github";
}

/** The environment the flow runs in: the outbound policy's bindings. */
export type OidcEnv = Pick<
  Bindings,
  "OUTBOUND_ALLOW_LOOPBACK" | "OUTBOUND_DNS_CHECK" | "OUTBOUND_DOH_URL" | "PUBLIC_APP_URL"
>;

/** What the provider said about the person, once every check passed. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** The scopes asked for: the ID token and the e-mail address (and a name to show). */
const SCOPE = "openid email profile";

/** oauth4webapi's request options: the one outbound fetcher, plain http only on loopback in dev. */
export function httpOptions(env: OidcEnv, issuer: string) {
  const loopback = isLoopbackHost(new URL(issuer).hostname);
  return {
    [oauth.customFetch]: fetchThrough(createOutbound(env)),
    // Plain http only for a provider on this machine, in local development.
    [oauth.allowInsecureRequests]: loopback && devLoopbackAllowed(env),
  };
}

/** The provider's metadata by discovery (`/.well-known/openid-configuration`), issuer checked. */
async function discover(env: OidcEnv, issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  try {
    const res = await oauth.discoveryRequest(url, {
      algorithm: "oidc",
      ...httpOptions(env, issuer),
    });
    return await oauth.processDiscoveryResponse(url, res);
  } catch (error) {
    throw oidcRefusal(error, "The provider's discovery document");
  }
}

/**
 * Checks an issuer an admin enters: its discovery document is reachable and names it as the
 * issuer; else a 400 naming `body.issuer` with the reason.
 */
export async function checkIssuer(env: OidcEnv, issuer: string): Promise<void> {
  try {
    await discover(env, issuer);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(`body.issuer: ${reason}`);
  }
}

/** The URL that sends the browser to the provider, with PKCE's challenge, state and nonce. */
export async function authorizationUrl(
  env: OidcEnv,
  config: OidcClientConfig,
  flow: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
): Promise<string> {
  const as = await discover(env, config.issuer);
  if (!as.authorization_endpoint) {
    throw new ApiError(502, "The provider's discovery document names no authorization endpoint");
  }
  const url = new URL(as.authorization_endpoint);
  const params = url.searchParams;
  params.set("client_id", config.clientId);
  params.set("redirect_uri", flow.redirectUri);
  params.set("response_type", "code");
  params.set("scope", SCOPE);
  params.set("state", flow.state);
  params.set("nonce", flow.nonce);
  params.set("code_challenge", await oauth.calculatePKCECodeChallenge(flow.codeVerifier));
  params.set("code_challenge_method", "S256");
  return url.href;
}

/**
 * Finishes a sign-in: checks the provider's answer (state, `iss`, errors), exchanges the code
 * with the PKCE verifier, checks the ID token (issuer, audience, nonce, expiry, signature) and
 * reads the e-mail address from it, or from the userinfo endpoint (subject checked) when the ID
 * token does not carry it. Any failed check is a 403 naming it.
 */
export async function finishSignIn(
  env: OidcEnv,
  config: OidcClientConfig,
  answer: URLSearchParams,
  flow: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
): Promise<OidcIdentity> {
  const as = await discover(env, config.issuer);
  const client: oauth.Client = { client_id: config.clientId };
  const http = httpOptions(env, config.issuer);
  try {
    const params = oauth.validateAuthResponse(as, client, answer, flow.state);
    const auth = oauth.ClientSecretBasic(config.clientSecret);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      flow.redirectUri,
      flow.codeVerifier,
      http,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, res, {
      expectedNonce: flow.nonce,
      requireIdToken: true,
    });
    await oauth.validateApplicationLevelSignature(as, res, http);
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    let source: Record<string, unknown> = claims;
    if (typeof claims.email !== "string" && as.userinfo_endpoint) {
      const info = await oauth.userInfoRequest(as, client, tokens.access_token, http);
      source = await oauth.processUserInfoResponse(as, client, claims.sub, info);
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof source.email === "string" ? source.email.trim().toLowerCase() : null,
      emailVerified: source.email_verified === true,
      name: typeof source.name === "string" ? source.name : null,
    };
  } catch (error) {
    throw oidcRefusal(error, "The provider's answer");
  }
}

/** The ApiError of a failed step: 502 when the provider could not be reached, else 403. */
export function oidcRefusal(error: unknown, what: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof OutboundError) {
    return new ApiError(502, `${what} could not be fetched: ${error.message}`);
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    return new ApiError(403, `The provider refused the sign-in: ${error.error}`);
  }
  if (error instanceof oauth.ResponseBodyError) {
    return new ApiError(403, `The provider refused the code: ${error.error}`);
  }
  const cause = error instanceof Error ? error.message : String(error);
  return new ApiError(403, `${what} was refused: ${cause.slice(0, 200)}`);
}
