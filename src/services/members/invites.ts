import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { linkInvites, orgMembers, organizations } from "../../db/schema/index";
import { plan } from "../../db/plan";
import type { MemberRole } from "../../lib/roles";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { keysetAfter, type CursorKey } from "../../http/pagination";

/**
 * A page of an organization's invite links, newest first, with their exact count, as a plan for
 * the access check's round trip.
 */
export function invitesPagePlan(
  db: Database,
  organizationId: string,
  limit: number,
  after?: CursorKey,
) {
  const mine = eq(linkInvites.organizationId, organizationId);
  const keys = [linkInvites.createdAt, linkInvites.id];
  const statements = {
    rows: db
      .select()
      .from(linkInvites)
      .where(after ? and(mine, keysetAfter(keys, after, "desc")) : mine)
      .orderBy(desc(linkInvites.createdAt), desc(linkInvites.id))
      .limit(limit + 1),
    total: db.select({ n: count() }).from(linkInvites).where(mine),
  };
  return plan(statements, (results) => ({
    rows: results.rows,
    count: results.total[0]?.n ?? 0,
  }));
}

/** Creates an invite link: whoever holds it may join the organization with `role`. */
export async function createInvite(
  db: Database,
  input: { organizationId: string; role: MemberRole | null; createdBy: string },
) {
  const [row] = await db
    .insert(linkInvites)
    .values({ id: newId(), ...input, createdAt: nowIso() })
    .returning();
  return row!;
}

/** Deletes an invite link of the organization; an absent one changes nothing. */
export async function deleteInvite(db: Database, organizationId: string, inviteId: string) {
  await db
    .delete(linkInvites)
    .where(and(eq(linkInvites.organizationId, organizationId), eq(linkInvites.id, inviteId)));
}

/**
 * An invite link with its organization and the person's membership of it, as one statement for
 * the caller's round trip (`userId` is the caller's subquery): no row when the link does not
 * exist in that organization.
 */
export function inviteToJoinStatement(
  db: Database,
  organizationId: string,
  inviteId: string,
  userId: SQL,
) {
  return db
    .select({
      role: linkInvites.role,
      org: {
        id: organizations.id,
        title: organizations.title,
        sso: organizations.sso,
        inviteLinks: organizations.inviteLinks,
      },
      disabled: orgMembers.disabled,
    })
    .from(linkInvites)
    .innerJoin(organizations, eq(organizations.id, linkInvites.organizationId))
    .leftJoin(
      orgMembers,
      and(eq(orgMembers.organizationId, linkInvites.organizationId), eq(orgMembers.userId, userId)),
    )
    .where(and(eq(linkInvites.id, inviteId), eq(linkInvites.organizationId, organizationId)))
    .limit(1);
}
