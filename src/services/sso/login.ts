import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  memberRemovals,
  orgEmailDomains,
  organizations,
  orgMembers,
  samlProviders,
  ssoAssertions,
  ssoRequests,
  users,
} from "../../db/schema/index";
import type { SamlProviderRow } from "../../db/schema";
import type { DomainStatus } from "../../lib/domain-records";
import { runStatements } from "../../db/plan";
import { nowIso, nowMs } from "../../lib/clock";
import { randomToken } from "../../lib/crypto";
import { authnRequestRedirect, importSpKey, newRequestId } from "../../saml";
import type { SpUrls } from "../../lib/sso-urls";
import { openSpKey } from "./keys";

/** How long an AuthnRequest Quire issued may be answered. */
const REQUEST_TTL_MS = 10 * 60 * 1000;

/** A provider by id (the SP routes know no organization), or undefined. */
export async function findProvider(
  db: Database,
  providerId: string,
): Promise<SamlProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(samlProviders)
    .where(eq(samlProviders.id, providerId))
    .limit(1);
  return row;
}

/**
 * Starts an SP-initiated login: stores a single-use request record (10 minutes) and returns the
 * IdP redirect URL carrying the AuthnRequest, signed with the provider's SP key.
 */
export async function startLogin(
  db: Database,
  secret: string,
  provider: SamlProviderRow,
  sp: SpUrls,
): Promise<string> {
  const id = newRequestId();
  const relayState = randomToken(16);
  const now = nowMs();
  const pkcs8 = await openSpKey(secret, provider.id, provider.spPrivateKey);
  const signingKey = pkcs8 ? await importSpKey(pkcs8) : null;
  const url = await authnRequestRedirect({
    requestId: id,
    issueInstant: new Date(now),
    spEntityID: sp.entityID,
    acsURL: sp.acsURL,
    idpSsoURL: provider.ssoUrl,
    relayState,
    signingKey,
  });
  await db.insert(ssoRequests).values({
    id,
    providerId: provider.id,
    relayState,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + REQUEST_TTL_MS).toISOString(),
  });
  return url;
}

/** What the ACS must know before provisioning, read in one round trip. */
export interface LoginContext {
  /** The AuthnRequest answered, if live and unused (SP-initiated only). */
  request: { id: string; relayState: string } | null;
  /** The assertion id was already consumed (replay). */
  replayed: boolean;
  org: { id: string; title: string } | null;
  user: { id: string } | null;
  membership: { disabled: boolean } | null;
  removed: boolean;
  /** The standing of the address's domain in the organization (undefined: not one of its domains). */
  domainStatus: DomainStatus | undefined;
}

/** Reads everything the ACS decides on, in one round trip. */
export async function loginContext(
  db: Database,
  provider: SamlProviderRow,
  input: { inResponseTo: string | null; assertionId: string; email: string },
): Promise<LoginContext> {
  const now = nowIso();
  const orgId = provider.organizationId;
  const r = await runStatements(db, {
    request: db
      .select({ id: ssoRequests.id, relayState: ssoRequests.relayState })
      .from(ssoRequests)
      .where(
        and(
          eq(ssoRequests.id, input.inResponseTo ?? ""),
          eq(ssoRequests.providerId, provider.id),
          gt(ssoRequests.expiresAt, now),
        ),
      ),
    replay: db
      .select({ id: ssoAssertions.assertionId })
      .from(ssoAssertions)
      .where(
        and(
          eq(ssoAssertions.providerId, provider.id),
          eq(ssoAssertions.assertionId, input.assertionId),
        ),
      ),
    org: db
      .select({ id: organizations.id, title: organizations.title })
      .from(organizations)
      .where(eq(organizations.id, orgId)),
    user: db.select({ id: users.id }).from(users).where(eq(users.email, input.email)),
    membership: db
      .select({ disabled: orgMembers.disabled })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(and(eq(orgMembers.organizationId, orgId), eq(users.email, input.email))),
    removed: db
      .select({ at: memberRemovals.removedAt })
      .from(memberRemovals)
      .innerJoin(users, eq(users.id, memberRemovals.userId))
      .where(and(eq(memberRemovals.organizationId, orgId), eq(users.email, input.email))),
    domain: db
      .select({ status: orgEmailDomains.status })
      .from(orgEmailDomains)
      .where(
        and(
          eq(orgEmailDomains.organizationId, orgId),
          eq(orgEmailDomains.domain, input.email.slice(input.email.lastIndexOf("@") + 1)),
        ),
      ),
  });
  return {
    request: input.inResponseTo ? (r.request[0] ?? null) : null,
    replayed: r.replay.length > 0,
    org: r.org[0] ?? null,
    user: r.user[0] ?? null,
    membership: r.membership[0] ? { disabled: Boolean(r.membership[0].disabled) } : null,
    removed: r.removed.length > 0,
    domainStatus: r.domain[0]?.status,
  };
}
