import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { linkInvites } from "../../db/schema/index";
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
