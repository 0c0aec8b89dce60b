import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  changeRequestConversations,
  changeRequests,
  conversationIssues,
  conversations,
  type ChangeRequestConversationRow,
} from "../../db/schema/index";
import { plan } from "../../db/plan";
import { nowIso } from "../../lib/clock";
import { keysetAfter, type CursorKey } from "../../http/pagination";

/** SQL of a change request's id from the path's id or number, within its space. */
function changeRequestIdSql(spaceId: string, idOrNumber: string): SQL {
  const byNumber = /^[1-9][0-9]{0,8}$/.test(idOrNumber) ? Number(idOrNumber) : -1;
  return sql`(SELECT id FROM change_requests WHERE space_id = ${spaceId}
    AND (id = ${idOrNumber} OR number = ${byNumber}) LIMIT 1)`;
}

/**
 * A page of the conversations tied to a change request (by the path's id or number), newest
 * update first, for the access check's round trip.
 */
export function changeRequestConversationsPlan(
  db: Database,
  input: { spaceId: string; changeRequest: string; limit: number; after?: CursorKey },
) {
  const t = changeRequestConversations;
  const where = eq(t.changeRequestId, changeRequestIdSql(input.spaceId, input.changeRequest));
  const rows = db
    .select()
    .from(t)
    .where(
      input.after
        ? and(where, keysetAfter([t.updatedAt, t.conversationId], input.after, "desc"))
        : where,
    )
    .orderBy(desc(t.updatedAt), desc(t.conversationId))
    .limit(input.limit + 1);
  return plan({ rows }, (r) => r.rows);
}

/** Whether the space's organization holds a conversation (read in the access check's batch). */
export function conversationExistsPlan(db: Database, spaceId: string, id: string) {
  const orgId = sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`;
  const row = db
    .select({ id: conversations.id, organizationId: conversations.organizationId })
    .from(conversations)
    .where(and(eq(conversations.organizationId, orgId), eq(conversations.id, id)))
    .limit(1);
  return plan({ row }, (r) => r.row[0] ?? null);
}

/**
 * Ties a conversation to a change request (or renames the tie), in one batch: the link row, the
 * change request's counter on a new link, and `conversationsIssuesCluster` set to the cluster
 * of the conversation's first issue when the change request has none yet.
 */
export async function linkConversation(
  db: Database,
  input: { changeRequestId: string; organizationId: string; conversationId: string; title: string },
): Promise<ChangeRequestConversationRow> {
  const now = nowIso();
  const t = changeRequestConversations;
  const linked = sql`EXISTS (SELECT 1 FROM change_request_conversations l
    WHERE l.change_request_id = ${input.changeRequestId} AND l.conversation_id = ${input.conversationId})`;
  const firstCluster = db
    .select({ id: conversationIssues.clusterId })
    .from(conversationIssues)
    .where(
      and(
        eq(conversationIssues.organizationId, input.organizationId),
        eq(conversationIssues.conversationId, input.conversationId),
      ),
    )
    .orderBy(conversationIssues.createdAt, conversationIssues.id)
    .limit(1);
  const [, , row] = await db.batch([
    db
      .update(changeRequests)
      .set({
        conversationsCount: sql`${changeRequests.conversationsCount} + (NOT ${linked})`,
        conversationsIssuesCluster: sql`COALESCE(${changeRequests.conversationsIssuesCluster}, (${firstCluster}))`,
      })
      .where(eq(changeRequests.id, input.changeRequestId)),
    db
      .insert(t)
      .values({ ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [t.changeRequestId, t.conversationId],
        set: { title: input.title, updatedAt: now },
      }),
    db
      .select()
      .from(t)
      .where(
        and(
          eq(t.changeRequestId, input.changeRequestId),
          eq(t.conversationId, input.conversationId),
        ),
      ),
  ]);
  return row[0]!;
}

/** Unties a conversation from a change request (nothing when it was not tied). */
export async function unlinkConversation(
  db: Database,
  changeRequestId: string,
  conversationId: string,
): Promise<void> {
  const t = changeRequestConversations;
  const match = and(eq(t.changeRequestId, changeRequestId), eq(t.conversationId, conversationId));
  const linked = sql`EXISTS (SELECT 1 FROM change_request_conversations l
    WHERE l.change_request_id = ${changeRequestId} AND l.conversation_id = ${conversationId})`;
  await db.batch([
    db
      .update(changeRequests)
      .set({ conversationsCount: sql`${changeRequests.conversationsCount} - (${linked})` })
      .where(eq(changeRequests.id, changeRequestId)),
    db.delete(t).where(match),
  ]);
}
