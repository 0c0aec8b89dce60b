import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memberRemovals, orgMembers, ssoMembers } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";

/**
 * The statement that remembers the membership rows matching `where` as removed (run just before
 * they are deleted, with the same condition), so SSO does not silently add those people back.
 */
export function recordRemoval(db: Database, where: SQL | undefined) {
  const at = nowIso();
  const source = db
    .select({
      organizationId: orgMembers.organizationId,
      userId: orgMembers.userId,
      removedAt: sql<string>`${at}`.as("removed_at"),
    })
    .from(orgMembers)
    .where(where);
  return db
    .insert(memberRemovals)
    .select(source)
    .onConflictDoUpdate({
      target: [memberRemovals.organizationId, memberRemovals.userId],
      set: { removedAt: at },
    });
}

/**
 * Marks a member as an SSO member (the official member `sso` flag) in one statement; a
 * non-member is left alone (the insert selects through the membership).
 */
function markSsoMember(db: Database, organizationId: string, userId: string) {
  const source = db
    .select({
      organizationId: orgMembers.organizationId,
      userId: orgMembers.userId,
      createdAt: sql<string>`${nowIso()}`.as("created_at"),
    })
    .from(orgMembers)
    .where(and(eq(orgMembers.organizationId, organizationId), eq(orgMembers.userId, userId)));
  return db.insert(ssoMembers).select(source).onConflictDoNothing();
}

/** Sets a member's SSO flag (nothing for a non-member). */
export async function setSsoMember(db: Database, organizationId: string, userId: string) {
  await markSsoMember(db, organizationId, userId);
}
