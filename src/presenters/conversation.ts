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
import type { Urls } from "../http/urls";
import { weeklyPulse } from "../insights/labels";

/** The fields a conversation in lists, issue items and the detail is presented from. */
type ConversationSummaryRow = Pick<
  ConversationRow,
  | "organizationId"
  | "id"
  | "subject"
  | "source"
  | "url"
  | "createdAt"
  | "updatedAt"
  | "processedAt"
  | "issuesCount"
>;

/** A conversation's API path. */
function conversationPath(orgId: string, id: string): string {
  return `/orgs/${orgId}/conversations/${encodeURIComponent(id)}`;
}

/** A conversation (§2.20): optional fields omitted when unset. */
export function presentConversation(urls: Urls, row: ConversationSummaryRow): Conversation {
  return {
    object: "conversation",
    id: row.id,
    ...(row.subject !== null ? { subject: row.subject } : {}),
    createdAt: row.createdAt,
    ...(row.processedAt !== null ? { processedAt: row.processedAt } : {}),
    source: row.source,
    urls: {
      location: urls.api(conversationPath(row.organizationId, row.id)),
      ...(row.url !== null ? { source: row.url } : {}),
    },
    updatedAt: row.updatedAt,
    issues: row.issuesCount,
  };
}

/** The conversation detail (§2.20): the conversation, its parts and its metadata, as ingested. */
export function presentConversationDetail(urls: Urls, row: ConversationRow): ConversationDetail {
  return {
    conversation: presentConversation(urls, row),
    parts: row.parts,
    metadata: {
      ...(row.url !== null ? { url: row.url } : {}),
      attributes: row.attributes ?? {},
      createdAt: row.createdAt,
    },
  };
}

/**
 * An issue with its conversation. The issue's `createdAt` is its conversation's time (what the
 * pulse counts), `ingestedAt` when it was extracted and recorded (the row's `updatedAt`, which
 * cluster merges leave alone).
 */
export function presentIssueItem(
  urls: Urls,
  issue: ConversationIssueRow,
  conv: Omit<ConversationSummaryRow, "organizationId">,
): IssueItem {
  return {
    issue: {
      object: "conversation-issue",
      id: issue.id,
      title: issue.title,
      summary: issue.summary,
      createdAt: issue.createdAt,
      ingestedAt: issue.updatedAt,
      conversation: issue.conversationId,
      cluster: issue.clusterId,
      urls: {
        location: urls.api(`/orgs/${issue.organizationId}/conversations-issues/${issue.id}`),
      },
    },
    conversation: presentConversation(urls, { ...conv, organizationId: issue.organizationId }),
  };
}

/**
 * An issues cluster (§2.20): `weeklyPulse` is the issue count of each of the 13 weeks ending with
 * the current one (oldest first), `sources` the issue counts per source (largest first). There is
 * no single-cluster read: `urls.location` is the list of the cluster's issues.
 */
export function presentCluster(urls: Urls, row: ConversationClusterRow, nowIso: string): Cluster {
  const sources = Object.entries(row.sources).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const location = `/orgs/${row.organizationId}/conversations-issues?cluster=${row.id}`;
  return {
    object: "issues-cluster",
    id: row.id,
    label: row.label,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    icon: row.icon,
    summary: row.summary,
    weeklyPulse: weeklyPulse(row.weeks, nowIso),
    sources: Object.fromEntries(sources),
    stats: { issues: row.issuesCount, lastIssueAt: row.lastIssueAt },
    urls: { location: urls.api(location) },
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
