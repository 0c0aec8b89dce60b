import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversationCorpus, conversations, conversationSources } from "../../db/schema/index";
import type { StoredConversationPart } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";

/** What the ingestion stores: the validated body and the source it came from. */
export interface IngestInput {
  organizationId: string;
  source: string;
  id: string;
  subject?: string;
  url?: string;
  attributes?: Record<string, string>;
  createdAt?: string;
  parts: StoredConversationPart[];
}

/**
 * Stores a conversation, idempotent by the client's id: a new id inserts the row and counts it;
 * the same id again replaces its content, bumps `revision` and clears `processedAt` (the job of
 * an older revision then stops). One round trip; returns the revision the job must process.
 */
export async function storeConversation(db: Database, input: IngestInput): Promise<number> {
  const now = nowIso();
  const createdAt = input.createdAt ? new Date(input.createdAt).toISOString() : now;
  const values = {
    source: input.source,
    subject: input.subject ?? null,
    url: input.url ?? null,
    attributes: input.attributes ?? {},
    parts: input.parts,
    createdAt,
    updatedAt: now,
    processedAt: null,
  };
  const exists = sql`EXISTS (SELECT 1 FROM conversations x
    WHERE x.organization_id = ${input.organizationId} AND x.id = ${input.id})`;
  const sameSource = sql`EXISTS (SELECT 1 FROM conversations x WHERE x.organization_id =
    ${input.organizationId} AND x.id = ${input.id} AND x.source = ${input.source})`;
  const [, , , , upserted] = await db.batch([
    // A re-ingestion from another source moves the conversation between source counters.
    db
      .update(conversationSources)
      .set({ conversationsCount: sql`${conversationSources.conversationsCount} - 1` })
      .where(
        and(
          eq(conversationSources.organizationId, input.organizationId),
          sql`${conversationSources.source} = (SELECT x.source FROM conversations x WHERE
            x.organization_id = ${input.organizationId} AND x.id = ${input.id})`,
          ne(conversationSources.source, input.source),
        ),
      ),
    db
      .insert(conversationSources)
      .values({ organizationId: input.organizationId, source: input.source, conversationsCount: 1 })
      .onConflictDoUpdate({
        target: [conversationSources.organizationId, conversationSources.source],
        set: {
          conversationsCount: sql`${conversationSources.conversationsCount} + (NOT ${sameSource})`,
        },
      }),
    db
      .insert(conversationCorpus)
      .values({ organizationId: input.organizationId })
      .onConflictDoNothing(),
    db
      .update(conversationCorpus)
      .set({
        conversationsCount: sql`${conversationCorpus.conversationsCount} + (NOT ${exists})`,
      })
      .where(eq(conversationCorpus.organizationId, input.organizationId)),
    db
      .insert(conversations)
      .values({ organizationId: input.organizationId, id: input.id, ...values })
      .onConflictDoUpdate({
        target: [conversations.organizationId, conversations.id],
        set: { ...values, revision: sql`${conversations.revision} + 1` },
      })
      .returning({ revision: conversations.revision }),
  ]);
  return upserted[0]!.revision;
}
