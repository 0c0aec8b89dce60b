import type {
  AgentConversation,
  Cluster,
  Conversation,
  ConversationDetail,
  IssueItem,
} from "../api/conversations";
import type {
  ChangeRequestConversationRow,
  ConversationClusterRow,
  ConversationIssueRow,
  ConversationRow,
} from "../db/schema";
import { weeklyPulse } from "../insights/labels";

/** The fields a conversation in lists and issue items is presented from. */
type ConversationSummaryRow = Pick<
  ConversationRow,
  "id" | "subject" | "source" | "createdAt" | "updatedAt" | "processedAt" | "issuesCount"
>;

/** A conversation in lists and in issue items: optional fields omitted when unset. */
export function presentConversation(row: ConversationSummaryRow): Conversation {
  return {
    object: "conversation",
    id: row.id,
    ...(row.subject !== null ? { subject: row.subject } : {}),
    source: row.source,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.processedAt !== null ? { processedAt: row.processedAt } : {}),
    issues: row.issuesCount,
  };
}

/** A conversation with its parts and metadata, as ingested. */
export function presentConversationDetail(row: ConversationRow): ConversationDetail {
  return {
    ...presentConversation(row),
    parts: row.parts,
    metadata: {
      ...(row.url !== null ? { url: row.url } : {}),
      attributes: row.attributes ?? {},
      createdAt: row.createdAt,
    },
  };
}

/** An issue with its conversation. */
export function presentIssueItem(
  issue: ConversationIssueRow,
  conv: ConversationSummaryRow,
): IssueItem {
  return {
    issue: {
      object: "conversation-issue",
      id: issue.id,
      title: issue.title,
      summary: issue.summary,
      cluster: issue.clusterId,
      createdAt: issue.createdAt,
      updatedAt: issue.updatedAt,
    },
    conversation: presentConversation(conv),
  };
}

/**
 * A cluster: `weeklyPulse` is the issue count of each of the 13 weeks ending with the current
 * one (oldest first), `sources` the issue counts per source (largest first).
 */
export function presentCluster(row: ConversationClusterRow, nowIso: string): Cluster {
  return {
    object: "conversations-issues-cluster",
    id: row.id,
    label: row.label,
    summary: row.summary,
    icon: row.icon,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    weeklyPulse: weeklyPulse(row.weeks, nowIso),
    sources: Object.entries(row.sources)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([source, count]) => ({ source, count })),
    stats: { issues: row.issuesCount, lastIssueAt: row.lastIssueAt },
  };
}

/** A conversation tied to a change request, as the official AgentConversation. */
export function presentAgentConversation(row: ChangeRequestConversationRow): AgentConversation {
  return {
    object: "agent-conversation",
    id: row.conversationId,
    title: row.title,
    shared: true,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
