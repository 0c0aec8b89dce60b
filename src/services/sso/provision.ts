import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  memberRemovals,
  organizations,
  orgMembers,
  ssoAssertions,
  ssoCodes,
  ssoMembers,
  ssoRequests,
  teamMembers,
  teams,
  users,
} from "../../db/schema/index";
import type { SamlProviderRow } from "../../db/schema";
import { runStatements, type Statements } from "../../db/plan";
import { nowMs } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";

/** How long the one-time code of a login may be exchanged. */
const CODE_TTL_MS = 60 * 1000;

/** A verified login to provision. */
export interface Login {
  provider: SamlProviderRow;
  /** The AuthnRequest answered (consumed here), or null for an IdP-initiated login. */
  requestId: string | null;
  assertionId: string;
  /** Until when the assertion would be accepted (its expiry plus the skew): the replay cache keeps its id that long. */
  assertionNotOnOrAfter: Date;
  email: string;
  displayName: string;
}

/** Why provisioning refused a login whose checks passed a moment before (a race). */
export type ProvisionRefusal = "replayed" | "request_used";

/**
 * The statement that records the assertion id in the replay cache. For an SP-initiated login its
 * expiry is NULL (a NOT NULL violation, failing the whole batch) unless the request is still
 * live and unused; a second use of the assertion id fails on the primary key. Either way the
 * batch, and so every provisioning statement after it, is rolled back.
 */
function guardStatement(db: Database, login: Login, now: string) {
  const expires = login.assertionNotOnOrAfter.toISOString();
  const expiresAt = login.requestId
    ? sql<string>`CASE WHEN EXISTS (SELECT 1 FROM sso_requests r WHERE r.id = ${login.requestId}
        AND r.provider_id = ${login.provider.id} AND r.expires_at > ${now}) THEN ${expires} ELSE NULL END`
    : sql<string>`${expires}`;
  return db
    .insert(ssoAssertions)
    .values({ providerId: login.provider.id, assertionId: login.assertionId, expiresAt });
}

/** The statements that add the person to the organization (role, team, SSO flag). */
function membershipStatements(db: Database, login: Login, now: string): Statements {
  const { provider, email } = login;
  const orgId = provider.organizationId;
  const userId = sql<string>`(SELECT id FROM users WHERE email = ${email})`;
  // A removal recorded after the ACS's checks read (a race) still keeps the person out.
  const notRemoved = sql`NOT EXISTS (SELECT 1 FROM member_removals r
    WHERE r.organization_id = ${orgId} AND r.user_id = ${users.id})`;
  const out: Statements = {
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
          .where(
            and(eq(users.email, email), provider.readdRemovedMembers ? undefined : notRemoved),
          ),
      )
      .onConflictDoNothing(),
    membersCount: db
      .update(organizations)
      .set({ membersCount: sql`${organizations.membersCount} + changes()` })
      .where(eq(organizations.id, orgId)),
    ...(provider.readdRemovedMembers
      ? {
          forgetRemoval: db
            .delete(memberRemovals)
            .where(
              and(eq(memberRemovals.organizationId, orgId), eq(memberRemovals.userId, userId)),
            ),
        }
      : {}),
    ssoFlag: db
      .insert(ssoMembers)
      .values({ organizationId: orgId, userId, createdAt: now })
      .onConflictDoNothing(),
  };
  const teamId = provider.defaultTeamId;
  if (teamId) {
    // Only a membership created by this login joins the default team (joined_at is this login's).
    out.team = db
      .insert(teamMembers)
      .select(
        db
          .select({
            teamId: teams.id,
            userId: orgMembers.userId,
            role: sql<string>`'member'`.as("role"),
            addedAt: sql<string>`${now}`.as("added_at"),
          })
          .from(orgMembers)
          .innerJoin(teams, and(eq(teams.id, teamId), eq(teams.organizationId, orgId)))
          .where(
            and(
              eq(orgMembers.organizationId, orgId),
              eq(orgMembers.userId, userId),
              eq(orgMembers.joinedAt, now),
            ),
          ),
      )
      .onConflictDoNothing();
    out.teamCount = db
      .update(teams)
      .set({ membersCount: sql`${teams.membersCount} + changes()` })
      .where(eq(teams.id, teamId));
  }
  return out;
}

/**
 * Provisions a verified login in ONE batch (D1 runs it as a transaction): the replay-cache and
 * request guard first, then the request consumed, the user created if new (e-mail verified by
 * the IdP), the membership with the provider's role, the default team, the SSO flag, and a
 * one-time code (only its digest is stored). A failure rolls everything back.
 */
export async function provisionLogin(
  db: Database,
  login: Login,
): Promise<{ ok: true; code: string; userId: string } | { ok: false; refusal: ProvisionRefusal }> {
  const at = nowMs();
  const now = new Date(at).toISOString();
  const code = randomToken(32);
  const digest = await sha256Hex(code);
  const { provider, email } = login;
  const statements: Statements = {
    guard: guardStatement(db, login, now),
    ...(login.requestId
      ? { consume: db.delete(ssoRequests).where(eq(ssoRequests.id, login.requestId)) }
      : {}),
    user: db
      .insert(users)
      .values({
        id: newId(),
        displayName: login.displayName,
        email,
        emailVerified: true,
        createdAt: now,
      })
      .onConflictDoNothing({ target: users.email }),
    ...membershipStatements(db, login, now),
    code: db.insert(ssoCodes).values({
      digest,
      userId: sql<string>`(SELECT id FROM users WHERE email = ${email})`,
      organizationId: provider.organizationId,
      createdAt: now,
      expiresAt: new Date(at + CODE_TTL_MS).toISOString(),
    }),
  };
  try {
    const { who } = await runStatements(db, {
      ...statements,
      who: db.select({ id: users.id }).from(users).where(eq(users.email, email)),
    });
    return { ok: true, code, userId: who[0]!.id };
  } catch (error) {
    const message = String(
      error instanceof Error ? `${error.message} ${String(error.cause)}` : error,
    );
    if (/UNIQUE constraint failed: sso_assertions/i.test(message)) {
      return { ok: false, refusal: "replayed" };
    }
    if (/NOT NULL constraint failed: sso_assertions/i.test(message)) {
      return { ok: false, refusal: "request_used" };
    }
    throw error;
  }
}
