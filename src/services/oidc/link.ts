import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  memberRemovals,
  orgEmailDomains,
  organizations,
  orgMembers,
  users,
} from "../../db/schema/index";
import type { OidcProviderRow } from "../../db/schema";
import { runStatements } from "../../db/plan";
import { ApiError, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { existingAccountRefusal } from "../sso/existing-account";
import { newAccountRefusal } from "../sso/new-account";
import type { OidcIdentity } from "./client";

/**
 * Who an OIDC sign-in is (docs/security.md, "OIDC"): accounts are linked by VERIFIED e-mail only
 * (`email_verified: true`), never by the provider's subject alone. A deployment provider signs in
 * people who already have an account; an organization's provider signs in an existing account
 * only under the rule of src/services/sso/existing-account.ts (a member, never a mere invitee:
 * an invite is accepted by its person, not by the IdP), and lets in a new person only under the
 * rule of src/services/sso/new-account.ts (an address on one of the organization's VERIFIED
 * domains), as a member with the provider's role (the person is created then, their address
 * verified by the provider). Refusals are 403s.
 */

/** The verified address of an identity, or a 403 saying why it cannot be linked. */
function verifiedEmail(identity: OidcIdentity): string {
  if (!identity.email) {
    throw new ApiError(403, "The provider gave no e-mail address: Quire links accounts by e-mail");
  }
  if (!identity.emailVerified) {
    throw new ApiError(
      403,
      "The provider has not verified this e-mail address (email_verified is not true), and " +
        "Quire links accounts by verified e-mail only: verify it with the provider, or sign in " +
        "another way",
    );
  }
  return identity.email;
}

/** The person a deployment provider's sign-in is: an existing account with that address. */
export async function deploymentSignIn(db: Database, identity: OidcIdentity): Promise<string> {
  const email = verifiedEmail(identity);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) {
    throw new ApiError(
      403,
      `No Quire account has the address ${email}: ask an organization admin for an invitation`,
    );
  }
  return user.id;
}

/** The person an organization provider's sign-in is, added to the organization when allowed. */
export async function organizationSignIn(
  db: Database,
  provider: OidcProviderRow,
  identity: OidcIdentity,
): Promise<string> {
  const email = verifiedEmail(identity);
  const orgId = provider.organizationId;
  const found = await runStatements(db, {
    org: db
      .select({ title: organizations.title })
      .from(organizations)
      .where(eq(organizations.id, orgId)),
    user: db.select({ id: users.id }).from(users).where(eq(users.email, email)),
    membership: db
      .select({ disabled: orgMembers.disabled })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(and(eq(orgMembers.organizationId, orgId), eq(users.email, email))),
    removed: db
      .select({ at: memberRemovals.removedAt })
      .from(memberRemovals)
      .innerJoin(users, eq(users.id, memberRemovals.userId))
      .where(and(eq(memberRemovals.organizationId, orgId), eq(users.email, email))),
    domain: db
      .select({ status: orgEmailDomains.status })
      .from(orgEmailDomains)
      .where(
        and(
          eq(orgEmailDomains.organizationId, orgId),
          eq(orgEmailDomains.domain, email.slice(email.lastIndexOf("@") + 1)),
        ),
      ),
  });
  const org = found.org[0];
  if (!org) throw notFound("Organization");
  const user = found.user[0];
  const member = found.membership[0];
  const refusal = existingAccountRefusal(
    {
      exists: user !== undefined,
      membership: member ? { disabled: Boolean(member.disabled) } : null,
      removed: found.removed.length > 0,
    },
    org,
    { reAddRemoved: false },
  );
  if (refusal) throw new ApiError(403, refusal.reason);
  if (user) return user.id; // past the rule: a member
  const unverified = newAccountRefusal(email, found.domain[0]?.status, org);
  if (unverified) throw new ApiError(403, unverified.reason);
  return join(db, provider, email, identity.name);
}

/** Creates the person if new and adds them with the provider's role, in one batch. */
async function join(
  db: Database,
  provider: OidcProviderRow,
  email: string,
  name: string | null,
): Promise<string> {
  const now = nowIso();
  const orgId = provider.organizationId;
  const r = await runStatements(db, {
    user: db
      .insert(users)
      .values({
        id: newId(),
        displayName: (name?.trim() || email.split("@")[0]!).slice(0, 255),
        email,
        emailVerified: true,
        createdAt: now,
      })
      .onConflictDoNothing({ target: users.email }),
    membership: db
      .insert(orgMembers)
      .select(
        db
          .select({
            organizationId: sql<string>`${orgId}`.as("organization_id"),
            userId: users.id,
            role: sql<string | null>`${provider.defaultRole}`.as("role"),
            disabled: sql<number>`0`.as("disabled"),
            joinedAt: sql<string>`${now}`.as("joined_at"),
            lastSeenAt: sql<string | null>`NULL`.as("last_seen_at"),
          })
          .from(users)
          .where(eq(users.email, email)),
      )
      .onConflictDoNothing(),
    membersCount: db
      .update(organizations)
      .set({ membersCount: sql`${organizations.membersCount} + changes()` })
      .where(eq(organizations.id, orgId)),
    who: db.select({ id: users.id }).from(users).where(eq(users.email, email)),
  });
  return r.who[0]!.id;
}
