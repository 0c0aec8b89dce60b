import { and, asc, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  oidcProviders,
  orgEmailDomains,
  organizations,
  samlProviders,
} from "../../db/schema/index";
import { plan } from "../../db/plan";

/**
 * Home-realm discovery for the sign-in screen: which organizations' single sign-on to offer for
 * an address, or for an organization id. The rule against enumeration (docs/security.md,
 * "Offering an organization's SSO on the sign-in screen"): an address is reduced to its domain
 * before anything is read (no account is looked up, so every address of a domain gets the same
 * answer), and only organizations that list that domain in `emailDomains`, have VERIFIED it
 * (src/services/organizations/domains/) and have at least one provider are named, with their title and their providers' titles: what their SSO buttons show
 * anyway. An organization id without providers answers as a missing one (nothing).
 */

/** Most organizations one lookup names (a domain listed by more is a misconfiguration). */
const MAX_ORGS = 10;

/** Most providers one lookup lists, per kind (20 per organization at most each). */
const MAX_PROVIDERS = 100;

/** Whom the ways are for: an e-mail domain, or one organization. */
type SsoWaysFor = { domain: string } | { organizationId: string };

/** The domain of an address, lowercased: the only part of it the lookup reads. */
export function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/** An organization with its SSO providers, as the lookup finds it. */
interface OrgSsoWays {
  id: string;
  title: string;
  enforced: boolean;
  saml: { id: string; title: string }[];
  oidc: { id: string; title: string }[];
}

/** Plan: the organizations `who` names, with their SAML and OIDC providers, in one round trip. */
export function ssoWaysPlan(db: Database, who: SsoWaysFor) {
  const orgIds: SQLWrapper | string[] =
    "domain" in who
      ? db
          .select({ id: orgEmailDomains.organizationId })
          .from(orgEmailDomains)
          .where(
            and(eq(orgEmailDomains.domain, who.domain), eq(orgEmailDomains.status, "verified")),
          )
      : [who.organizationId];
  const statements = {
    orgs: db
      .select({ id: organizations.id, title: organizations.title, sso: organizations.sso })
      .from(organizations)
      .where(inArray(organizations.id, orgIds))
      .orderBy(asc(organizations.createdAt), asc(organizations.id))
      .limit(MAX_ORGS),
    saml: db
      .select({
        id: samlProviders.id,
        title: samlProviders.label,
        org: samlProviders.organizationId,
      })
      .from(samlProviders)
      .where(inArray(samlProviders.organizationId, orgIds))
      .orderBy(asc(samlProviders.createdAt), asc(samlProviders.id))
      .limit(MAX_PROVIDERS),
    oidc: db
      .select({
        id: oidcProviders.id,
        title: oidcProviders.title,
        org: oidcProviders.organizationId,
      })
      .from(oidcProviders)
      .where(inArray(oidcProviders.organizationId, orgIds))
      .orderBy(asc(oidcProviders.createdAt), asc(oidcProviders.id))
      .limit(MAX_PROVIDERS),
  };
  return plan(statements, (r): OrgSsoWays[] =>
    r.orgs
      .map((o) => ({
        id: o.id,
        title: o.title,
        enforced: o.sso,
        saml: r.saml.filter((p) => p.org === o.id).map(({ id, title }) => ({ id, title })),
        oidc: r.oidc.filter((p) => p.org === o.id).map(({ id, title }) => ({ id, title })),
      }))
      .filter((o) => o.saml.length + o.oidc.length > 0),
  );
}
