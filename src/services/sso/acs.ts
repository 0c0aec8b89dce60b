import type { Database } from "../../db/client";
import type { SamlProviderRow } from "../../db/schema";
import { nowMs } from "../../lib/clock";
import type { SpUrls } from "../../lib/sso-urls";
import { verifySamlResponse, type SamlFailure } from "../../saml";
import { existingAccountRefusal } from "./existing-account";
import { loginContext } from "./login";
import { newAccountRefusal } from "./new-account";
import { provisionLogin } from "./provision";

/** Why the ACS refused a response: an HTTP status and a reason safe to show and log. */
export interface AcsRefusal {
  ok: false;
  status: 400 | 403;
  code:
    | SamlFailure
    | "no_email"
    | "unknown_request"
    | "relay_state"
    | "idp_initiated"
    | "replayed"
    | "removed"
    | "disabled"
    | "foreign_account"
    | "unverified_domain"
    | "no_organization";
  reason: string;
}

/** A login the ACS accepted: the one-time code for the browser and whose it is. */
export interface AcsSuccess {
  ok: true;
  code: string;
  userId: string;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** The e-mail address of the subject: the NameID when it is one, else the e-mail attribute. */
function emailOf(nameID: string, email: string | null): string | null {
  for (const candidate of [nameID, email]) {
    const value = candidate?.trim().toLowerCase();
    if (value && value.length <= 320 && EMAIL.test(value)) return value;
  }
  return null;
}

const refuse = (status: 400 | 403, code: AcsRefusal["code"], reason: string): AcsRefusal => ({
  ok: false,
  status,
  code,
  reason,
});

/**
 * The Assertion Consumer Service's decision: verifies the response (signature, issuer, audience,
 * destination, validity window), then InResponseTo against a live request Quire issued (or the
 * provider's IdP-initiated setting), the replay cache, and who may be signed in (an existing
 * account: existing-account.ts; a new one: new-account.ts, verified domains only); then provisions
 * the person in one batch. Nothing is written unless every check passes.
 */
export async function consumeResponse(
  db: Database,
  provider: SamlProviderRow,
  sp: SpUrls,
  form: { samlResponse: string; relayState: string | null },
): Promise<AcsSuccess | AcsRefusal> {
  const verified = await verifySamlResponse({
    samlResponseBase64: form.samlResponse,
    idpCertificatePem: provider.certificate,
    idpEntityID: provider.entityId,
    spEntityID: sp.entityID,
    acsURL: sp.acsURL,
    now: new Date(nowMs()),
  });
  if (!verified.ok) {
    return refuse(verified.code === "malformed" ? 400 : 403, verified.code, verified.reason);
  }
  const assertion = verified.assertion;
  const email = emailOf(assertion.nameID, assertion.email);
  if (!email) return refuse(403, "no_email", "The assertion names no e-mail address");
  const ctx = await loginContext(db, provider, {
    inResponseTo: assertion.inResponseTo,
    assertionId: assertion.id,
    email,
  });
  if (assertion.inResponseTo) {
    if (!ctx.request) {
      return refuse(403, "unknown_request", "The response answers no pending sign-in request");
    }
    if (form.relayState !== ctx.request.relayState) {
      return refuse(403, "relay_state", "The RelayState does not match the sign-in request");
    }
  } else if (!provider.allowIdpInitiated) {
    return refuse(403, "idp_initiated", "This provider does not accept IdP-initiated sign-in");
  }
  if (ctx.replayed) return refuse(403, "replayed", "This assertion was already used");
  if (!ctx.org) return refuse(400, "no_organization", "The organization no longer exists");
  const refusal = existingAccountRefusal(
    {
      exists: ctx.user !== null,
      membership: ctx.membership,
      removed: ctx.removed,
    },
    ctx.org,
    { reAddRemoved: provider.readdRemovedMembers },
  );
  if (refusal) return refuse(403, refusal.code, refusal.reason);
  const unverified = ctx.user ? null : newAccountRefusal(email, ctx.domainStatus, ctx.org);
  if (unverified) return refuse(403, unverified.code, unverified.reason);
  const done = await provisionLogin(db, {
    provider,
    requestId: assertion.inResponseTo,
    assertionId: assertion.id,
    assertionNotOnOrAfter: assertion.acceptedUntil,
    email,
    displayName: (assertion.displayName?.trim() || email.split("@")[0]!).slice(0, 255),
  });
  if (!done.ok) {
    return done.refusal === "replayed"
      ? refuse(403, "replayed", "This assertion was already used")
      : refuse(403, "unknown_request", "The response answers no pending sign-in request");
  }
  return { ok: true, code: done.code, userId: done.userId };
}
