import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One part of an ingested conversation, as stored (the validated wire part). */
export interface StoredConversationPart {
  type: "message";
  role: "user" | "assistant" | "team-member";
  body: string;
}

/**
 * Support conversations an organization ingested, addressed by the client's own `id` (the same
 * id again updates the row: `revision` grows and the processing job of an older revision stops).
 * `processedAt` is set by the job once the issues are extracted and clustered.
 */
export const conversations = sqliteTable(
  "conversations",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    source: text("source").notNull(),
    subject: text("subject"),
    url: text("url"),
    attributes: text("attributes", { mode: "json" }).$type<Record<string, string>>(),
    parts: text("parts", { mode: "json" }).$type<StoredConversationPart[]>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    processedAt: text("processed_at"),
    revision: integer("revision").notNull().default(1),
    issuesCount: integer("issues_count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("conversations_list_idx").on(t.organizationId, t.updatedAt, t.id),
    index("conversations_source_idx").on(t.organizationId, t.source, t.updatedAt, t.id),
  ],
);

/** The issues extracted from conversations, each in one cluster. */
export const conversationIssues = sqliteTable(
  "conversation_issues",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    clusterId: text("cluster_id").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** The issue's terms (the keys of its vector), to take its document frequencies back. */
    terms: text("terms", { mode: "json" }).$type<string[]>().notNull(),
    length: integer("length").notNull(),
    source: text("source").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("conversation_issues_list_idx").on(t.organizationId, t.updatedAt, t.id),
    index("conversation_issues_cluster_idx").on(t.organizationId, t.clusterId, t.updatedAt, t.id),
    index("conversation_issues_conversation_idx").on(t.organizationId, t.conversationId),
  ],
);

/**
 * Clusters of issues: the centroid (bounded top terms), the words behind its terms, and the
 * counters the wire shows (`weeks`: issues per ISO week start, only the pulse's 13 weeks).
 */
export const conversationClusters = sqliteTable(
  "conversation_clusters",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    label: text("label").notNull(),
    summary: text("summary").notNull(),
    icon: text("icon").notNull(),
    centroid: text("centroid", { mode: "json" }).$type<Record<string, number>>().notNull(),
    words: text("words", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /** Mean embedding of the issues (Workers AI engine only; null with the built-in engine). */
    embedding: text("embedding", { mode: "json" }).$type<number[]>(),
    /**
     * Mean of the issues' vectors expanded by the learned term associations (bounded like the
     * centroid; null for clusters made before migration 0021).
     */
    context: text("context", { mode: "json" }).$type<Record<string, number>>(),
    issuesCount: integer("issues_count").notNull().default(0),
    sources: text("sources", { mode: "json" }).$type<Record<string, number>>().notNull(),
    weeks: text("weeks", { mode: "json" }).$type<Record<string, number>>().notNull(),
    lastIssueAt: text("last_issue_at").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("conversation_clusters_list_idx").on(t.organizationId, t.updatedAt, t.id)],
);

/** The inverted index: each centroid term → the clusters holding it, so lookups stay bounded. */
export const conversationClusterTerms = sqliteTable(
  "conversation_cluster_terms",
  {
    organizationId: text("organization_id").notNull(),
    term: text("term").notNull(),
    clusterId: text("cluster_id").notNull(),
    weight: integer("weight").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.term, t.clusterId] }),
    index("conversation_cluster_terms_cluster_idx").on(t.clusterId),
    // A lookup reads each term's heaviest postings only, however many clusters hold the term.
    index("conversation_cluster_terms_weight_idx").on(t.organizationId, t.term, t.weight),
  ],
);

/** Global document frequencies per organization: issues containing each term. */
export const conversationTerms = sqliteTable(
  "conversation_terms",
  {
    organizationId: text("organization_id").notNull(),
    term: text("term").notNull(),
    documents: integer("documents").notNull().default(0),
    /**
     * The terms seen in the same issues as this one (bounded, src/insights/associations.ts):
     * associate → [issues holding both, the associate's document frequency then]; null until
     * the term is among an issue's strongest.
     */
    associates: text("associates", { mode: "json" }).$type<Record<string, [number, number]>>(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.term] })],
);

/** Per-organization counters: list counts and the corpus statistics of BM25. */
export const conversationCorpus = sqliteTable("conversation_corpus", {
  organizationId: text("organization_id").primaryKey(),
  conversationsCount: integer("conversations_count").notNull().default(0),
  issuesCount: integer("issues_count").notNull().default(0),
  clustersCount: integer("clusters_count").notNull().default(0),
  totalLength: integer("total_length").notNull().default(0),
  /**
   * Bumped by every clustering write batch, which first checks it still holds the value the
   * job read: an organization's clustering is serialised (a stale batch fails and is redone).
   */
  clusteringVersion: integer("clustering_version").notNull().default(0),
});

/** Conversations per source: the list's filtered count and the sources an organization has. */
export const conversationSources = sqliteTable(
  "conversation_sources",
  {
    organizationId: text("organization_id").notNull(),
    source: text("source").notNull(),
    conversationsCount: integer("conversations_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.source] })],
);

/** Conversations tied to a change request (the change request that fixes their problem). */
export const changeRequestConversations = sqliteTable(
  "change_request_conversations",
  {
    changeRequestId: text("change_request_id").notNull(),
    organizationId: text("organization_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    title: text("title").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeRequestId, t.conversationId] })],
);
