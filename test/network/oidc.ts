/**
 * `idp.example.com`: a REAL OpenID Connect provider (oidc-provider, scripts/lib/oidc-idp.mjs)
 * started on loopback in this Node module at its first request, with issuer
 * `https://idp.example.com`; requests are forwarded to it with X-Forwarded-Host/-Proto.
 *
 * `tamper.example.com/<mode>`: the same provider seen through a man in the middle, for the
 * refusals a real provider never produces: its discovery names the issuer
 * `https://tamper.example.com/<mode>` (endpoints but the token one stay the real provider's),
 * and its token endpoint forwards to the real one, then re-signs the real ID token with the
 * real key after changing it: `audience` (another client), `nonce`, `issuer` (keeps the real
 * provider's iss), `expired`, `signature` (signed by another key, same kid), `replay` (answers the
 * ID token of the previous exchange, made for another sign-in).
 */
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWTPayload } from "jose";
import type { RunningIdp } from "../../scripts/lib/oidc-idp.mjs";

const IDP_ISSUER = "https://idp.example.com";
const TAMPER = "https://tamper.example.com";
const REDIRECT = "https://app.quire.test/sign-in/oidc/callback";

let running: Promise<RunningIdp> | null = null;
/** The last ID token answered per mode (for `replay`). */
const lastIdTokens = new Map<string, string>();

/** The provider, started at the first request (oidc-provider is loaded only by runs that use it). */
function idp(): Promise<RunningIdp> {
  running ??= import("../../scripts/lib/oidc-idp.mjs").then(({ startOidcIdp }) =>
    startOidcIdp({
      issuer: () => IDP_ISSUER,
      clients: [
        { client_id: "quire", client_secret: "quire-secret", redirect_uris: [REDIRECT] },
        { client_id: "quire-org", client_secret: "org-secret", redirect_uris: [REDIRECT] },
      ],
    }),
  );
  return running;
}

/** Forwards a request to the loopback provider as if it reached https://idp.example.com. */
async function forward(request: Request, path: string): Promise<Response> {
  const { origin } = await idp();
  const headers = new Headers(request.headers);
  headers.set("x-forwarded-host", "idp.example.com");
  headers.set("x-forwarded-proto", "https");
  const body = ["GET", "HEAD"].includes(request.method) ? undefined : await request.arrayBuffer();
  const res = await fetch(`${origin}${path}`, {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  });
  return new Response(res.status === 204 ? null : await res.arrayBuffer(), {
    status: res.status,
    headers: res.headers,
  });
}

/** `idp.example.com`: the real provider. */
export default function idpHost(request: Request): Promise<Response> {
  const url = new URL(request.url);
  return forward(request, url.pathname + url.search);
}

/** `tamper.example.com/<mode>/…`: the provider through a man in the middle. */
export async function tamperHost(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const [, mode = "", ...rest] = url.pathname.split("/");
  const path = `/${rest.join("/")}`;
  const issuer = `${TAMPER}/${mode}`;
  if (path === "/.well-known/openid-configuration") {
    const real = (await (await forward(request, path)).json()) as Record<string, unknown>;
    return Response.json({
      ...real,
      issuer,
      token_endpoint: `${issuer}/token`,
      authorization_response_iss_parameter_supported: false,
    });
  }
  if (path !== "/token") return forward(request, path + url.search);
  const answer = (await (await forward(request, "/token")).json()) as Record<string, unknown>;
  if (typeof answer.id_token !== "string") return Response.json(answer, { status: 400 });
  const real = answer.id_token;
  const claims: JWTPayload = { ...decodeJwt(real), iss: mode === "issuer" ? IDP_ISSUER : issuer };
  if (mode === "audience") claims.aud = "someone-else";
  if (mode === "nonce") claims.nonce = "not-the-nonce";
  if (mode === "expired") claims.exp = Math.floor(Date.now() / 1000) - 3600;
  const { privateJwk } = await idp();
  const key =
    mode === "signature"
      ? (await generateKeyPair("RS256")).privateKey
      : await importJWK(privateJwk, "RS256");
  const resigned = await new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: privateJwk.kid })
    .sign(key);
  const idToken = (mode === "replay" && lastIdTokens.get(mode)) || resigned;
  lastIdTokens.set(mode, resigned);
  return Response.json({ ...answer, id_token: idToken });
}
