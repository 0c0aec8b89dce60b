import type { DomainStatus } from "../../lib/domain-records";

/**
 * Who an ORGANIZATION's identity provider (its SAML provider or its own OIDC provider) may
 * create as a NEW Quire account (docs/security.md, "Verified domains"): only an address on one of
 * the organization's VERIFIED e-mail domains (a TXT record proved the organization holds it, or
 * the deployment's operator vouched for it: src/services/organizations/domains/). Without that proof an admin could assert any address
 * from their own IdP and so take the address before its owner signs up (the pre-hijack).
 * Existing accounts are under src/services/sso/existing-account.ts; deployment-level providers
 * (OIDC_PROVIDERS, set by the operator) under neither.
 */

/** Why a new account is refused (always a 403). */
interface NewAccountRefusal {
  code: "unverified_domain";
  reason: string;
}

/** The domain part of an address, lowercased. */
function domainPart(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/**
 * The one rule for both SSO ways: null when the organization's IdP may create the account for
 * `email`, else the refusal. `status` is the standing of the address's domain in this
 * organization (undefined: not one of its domains).
 */
export function newAccountRefusal(
  email: string,
  status: DomainStatus | undefined,
  org: { title: string },
): NewAccountRefusal | null {
  if (status === "verified") return null;
  const domain = domainPart(email);
  return {
    code: "unverified_domain",
    reason:
      status === undefined
        ? `${email} has no account here, and ${domain} is not an e-mail domain of ${org.title}: ` +
          "an admin must invite you"
        : `${email} has no account here, and ${domain} is not a verified domain of ${org.title}: ` +
          `ask an admin to verify ${domain}, or to invite you`,
  };
}
