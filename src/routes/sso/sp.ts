import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { newId } from "../../lib/ids";
import { createRouter } from "../../http/router";
import { spUrls } from "../../lib/sso-urls";
import { limitBody } from "../../middleware/body-limit";
import { ssoErrorPage } from "../../presenters/sso-page";
import { spMetadataXml } from "../../saml";
import { consumeResponse } from "../../services/sso/acs";
import { findProvider, startLogin } from "../../services/sso/login";
import { signingSecretOf } from "../../http/signing-secret";

/**
 * The service provider of each SAML provider, outside /v1 (browsers and IdPs carry no bearer
 * token): metadata, SP-initiated start, and the Assertion Consumer Service.
 */
export const ssoSpRoutes = createRouter();

// Sign-in answers carry single-use values (a request's redirect, a one-time code): never cached.
ssoSpRoutes.use("/sso/saml/:providerId/*", async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

/** Largest SAMLResponse form accepted at the ACS. */
const MAX_ACS_BYTES = 256 * 1024;

/** A refused sign-in: logged with a reference id (never a token or the response), shown as a page. */
function refused(c: Context<AppEnv>, status: 400 | 403 | 404, code: string, reason: string) {
  const reference = newId(12);
  console.warn(
    JSON.stringify({
      event: "sso.refused",
      reference,
      code,
      reason,
      provider: c.req.param("providerId"),
    }),
  );
  return c.html(ssoErrorPage(reason, reference), status);
}

/** The provider of the path and its SP URLs, or null. */
async function providerOf(c: Context<AppEnv>) {
  const id = c.req.param("providerId") ?? "";
  const provider = id.length <= 64 ? await findProvider(c.get("db"), id) : undefined;
  return provider ? { provider, sp: spUrls(new URL(c.req.url).origin, provider.id) } : null;
}

ssoSpRoutes.get("/sso/saml/:providerId/metadata", async (c) => {
  const found = await providerOf(c);
  if (!found) return refused(c, 404, "unknown_provider", "No such SAML provider");
  const xml = spMetadataXml({
    entityID: found.sp.entityID,
    acsURL: found.sp.acsURL,
    signingCertificatePem: found.provider.spCertificate,
  });
  return c.body(xml, 200, { "Content-Type": "application/samlmetadata+xml; charset=utf-8" });
});

ssoSpRoutes.get("/sso/saml/:providerId/start", async (c) => {
  const found = await providerOf(c);
  if (!found) return refused(c, 404, "unknown_provider", "No such SAML provider");
  const url = await startLogin(c.get("db"), signingSecretOf(c), found.provider, found.sp);
  return c.redirect(url, 302);
});

ssoSpRoutes.post("/sso/saml/:providerId/acs", limitBody(MAX_ACS_BYTES), async (c) => {
  const found = await providerOf(c);
  if (!found) return refused(c, 404, "unknown_provider", "No such SAML provider");
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    return refused(c, 400, "malformed", "The request is not an HTML form post");
  }
  const samlResponse = form.SAMLResponse;
  const relayState = form.RelayState;
  if (typeof samlResponse !== "string" || samlResponse.length === 0) {
    return refused(c, 400, "malformed", "The form carries no SAMLResponse");
  }
  const result = await consumeResponse(c.get("db"), found.provider, found.sp, {
    samlResponse,
    relayState: typeof relayState === "string" ? relayState : null,
  });
  if (!result.ok) return refused(c, result.status, result.code, result.reason);
  console.info(
    JSON.stringify({ event: "sso.login", provider: found.provider.id, user: result.userId }),
  );
  const base = c.env.PUBLIC_APP_URL.replace(/\/+$/, "");
  return c.redirect(`${base}/sso/callback?code=${encodeURIComponent(result.code)}`, 303);
});
