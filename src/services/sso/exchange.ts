import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { organizations, orgMembers, ssoCodes, users } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { nowIso, nowMs } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { issueToken } from "../users/tokens";

/** Lifetime of the API token a code is exchanged for. */
const SSO_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

/** The user and organization of an exchanged code, with the new token's secret. */
export interface Exchanged {
  secret: string;
  expiresAt: string;
  user: { id: string; displayName: string; email: string; photoURL: string | null };
  organization: { id: string; title: string };
}

/** Whose a redeemed code is: the person and the organization they signed in to. */
export type Redeemed = Omit<Exchanged, "secret" | "expiresAt">;

/**
 * Spends a one-time login code: the code is deleted in the same statement that reads it (single
 * use), and must be live and its user still an enabled member of the organization. Null for every
 * other code. Both ends of a SAML sign-in use it: the API token exchange (`exchangeCode`) and the
 * session (`POST /v1/sessions/sso`).
 */
export async function redeemCode(db: Database, code: string): Promise<Redeemed | null> {
  const digest = await sha256Hex(code);
  const { used } = await runStatements(db, {
    used: db
      .delete(ssoCodes)
      .where(and(eq(ssoCodes.digest, digest), gt(ssoCodes.expiresAt, nowIso())))
      .returning({ userId: ssoCodes.userId, organizationId: ssoCodes.organizationId }),
  });
  const found = used[0];
  if (!found) return null;
  // Columns under distinct names: a D1 batch returns rows as objects (two `id`s would collide).
  const { member } = await runStatements(db, {
    member: db
      .select({
        userId: users.id,
        displayName: users.displayName,
        email: users.email,
        photoURL: users.photoURL,
        orgTitle: sql<string>`${organizations.title}`.as("org_title"),
        disabled: orgMembers.disabled,
      })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .innerJoin(organizations, eq(organizations.id, orgMembers.organizationId))
      .where(
        and(
          eq(orgMembers.organizationId, found.organizationId),
          eq(orgMembers.userId, found.userId),
        ),
      ),
  });
  const row = member[0];
  if (!row || row.disabled) return null;
  const user = {
    id: row.userId,
    displayName: row.displayName,
    email: row.email,
    photoURL: row.photoURL,
  };
  return { user, organization: { id: found.organizationId, title: row.orgTitle } };
}

/** Exchanges a one-time login code (`redeemCode`) for a short-lived API token of its user. */
export async function exchangeCode(db: Database, code: string): Promise<Exchanged | null> {
  const redeemed = await redeemCode(db, code);
  if (!redeemed) return null;
  const { user, organization } = redeemed;
  const expiresAt = new Date(nowMs() + SSO_TOKEN_TTL_MS).toISOString();
  const issued = await issueToken(db, {
    userId: user.id,
    label: `SSO: ${organization.title}`.slice(0, 100),
    expiresAt,
  });
  return { secret: issued.secret, expiresAt, user, organization };
}
