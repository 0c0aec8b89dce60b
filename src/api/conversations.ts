import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { DescendingOrder, entityId, pathString, propertyCount } from "./common";
import { OrgParams } from "./organizations";
import { ChangeRequestParams } from "./change-requests";

/** Most parts one conversation may carry. */
const MAX_PARTS = 500;

/** Most characters of all part bodies together: beyond, the conversation is a 413. */
export const MAX_CONVERSATION_CHARS = 200_000;

/** Path of one ingested conversation. */
export const ConversationParams = OrgParams.extend({
  conversationId: pathString("conversationId"),
});

/** Path of one issue. */
export const IssueParams = OrgParams.extend({ issueId: pathString("issueId") });

/** Path of a conversation tied to a change request (official agent-conversation paths). */
export const ChangeRequestConversationParams = ChangeRequestParams.extend({
  conversationId: pathString("conversationId"),
});

/** The roles of a conversation part: the end user, the AI assistant, a support team member. */
const PartRole = z.enum(["user", "assistant", "team-member"]);

/** One part of an ingested conversation: a message with its author's role. */
const ConversationPart = z
  .object({
    type: z.literal("message"),
    role: PartRole,
    body: z.string().max(20_000),
  })
  .strict();

/** Metadata of an ingested conversation. */
const ConversationMetadata = z
  .object({
    url: z.string().url().max(2048).optional(),
    attributes: propertyCount(
      z.record(z.string().min(1).max(128), z.string().max(1024)),
      { max: 50 },
      "at most 50 attributes",
    ).optional(),
    createdAt: z.string().datetime({ offset: true }).optional(),
  })
  .strict();

/** Body of the ingestion: the client's id makes it idempotent (the same id updates). */
export const IngestConversationBody = z
  .object({
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._:-]+$/, "letters, digits, '.', '_', ':' and '-' only"),
    metadata: ConversationMetadata.optional(),
    subject: z.string().max(512).optional(),
    parts: z.array(ConversationPart).min(1).max(MAX_PARTS),
  })
  .strict();

/** Query of the conversation list: PAGED and the source filter. */
export const ListConversationsQuery = pagedQuery.extend({
  source: z.string().min(1).max(128).optional().openapi({
    description: "Only conversations ingested from this source.",
  }),
});

/** Query of the cluster list: PAGED, `order` and the order-by field. */
export const ListClustersQuery = pagedQuery.extend({
  order: DescendingOrder,
  orderBy: z.enum(["updatedAt"]).default("updatedAt"),
});

/** Query of the issue list: PAGED and the cluster and conversation filters. */
export const ListIssuesQuery = pagedQuery.extend({
  cluster: entityId.optional().openapi({ description: "Only the issues of this cluster." }),
  conversation: entityId.optional().openapi({ description: "Only this conversation's issues." }),
});

/** Body of tying a conversation to a change request (official: its title). */
export const UpdateChangeRequestConversationBody = z
  .object({ title: z.string().trim().min(1).max(256) })
  .strict();

/** A conversation (§2.20): in lists, in issue items and in the detail. */
export const ConversationSchema = z
  .object({
    object: z.literal("conversation"),
    id: z.string(),
    subject: z.string().optional(),
    createdAt: z.string(),
    processedAt: z.string().optional(),
    source: z.string(),
    urls: z.object({
      location: z.string().openapi({ description: "This conversation in the API." }),
      source: z
        .string()
        .optional()
        .openapi({ description: "The conversation where it was held (`metadata.url`)." }),
    }),
    // Quire additions: the list's order key and the conversation's issue count.
    updatedAt: z.string(),
    issues: z.number().int(),
  })
  .openapi("Conversation");

/** The conversation detail (§2.20): the conversation, its parts and its metadata. */
export const ConversationDetailSchema = z
  .object({
    conversation: ConversationSchema,
    parts: z.array(ConversationPart),
    metadata: z.object({
      url: z.string().optional(),
      attributes: z.record(z.string(), z.string()),
      createdAt: z.string(),
    }),
  })
  .openapi("ConversationDetail");

/** An issue found in a conversation (§2.20). */
const IssueSchema = z
  .object({
    object: z.literal("conversation-issue"),
    id: z.string(),
    title: z.string(),
    summary: z.string(),
    createdAt: z.string().openapi({ description: "When the conversation took place." }),
    ingestedAt: z.string().openapi({ description: "When the issue was extracted and recorded." }),
    conversation: z.string(),
    cluster: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("ConversationIssue");

/** An issue with its conversation (list items and the issue read). */
export const IssueItemSchema = z
  .object({ issue: IssueSchema, conversation: ConversationSchema })
  .openapi("ConversationIssueWithConversation");

/** A cluster of issues with its trend (§2.20 issues cluster). */
export const ClusterSchema = z
  .object({
    object: z.literal("issues-cluster"),
    id: z.string(),
    label: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    icon: z.string(),
    summary: z.string(),
    weeklyPulse: z.array(z.number().int()).length(13),
    sources: z
      .record(z.string(), z.number().int())
      .openapi({ description: "Issues per source, largest first." }),
    // The spec's `stats.conversations` needs a per-cluster counter of distinct conversations
    // (a schema change): not served yet rather than guessed (docs/compatibility.md).
    stats: z.object({
      issues: z.number().int(),
      // Quire addition: when the cluster's latest issue took place.
      lastIssueAt: z.string(),
    }),
    urls: z.object({
      location: z.string().openapi({ description: "The cluster's issues in the API." }),
    }),
  })
  .openapi("IssuesCluster");

/** A conversation tied to a change request (official AgentConversation). */
export const AgentConversationSchema = z
  .object({
    object: z.literal("agent-conversation"),
    id: z.string(),
    title: z.string().optional(),
    shared: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("AgentConversation");

/** Wire types. */
export type Conversation = z.infer<typeof ConversationSchema>;
/** A conversation detail's wire type. */
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;
/** An issue item's wire type. */
export type IssueItem = z.infer<typeof IssueItemSchema>;
/** A cluster's wire type. */
export type Cluster = z.infer<typeof ClusterSchema>;
/** A change request conversation's wire type. */
export type AgentConversation = z.infer<typeof AgentConversationSchema>;
