import type {
  changeRequestReviewers,
  changeRequestReviews,
  changeRequests,
} from "./change-requests";
import type { collections } from "./collections";
import type { emailInvites } from "./sign-in-mail";
import type {
  changeRequestConversations,
  conversationClusters,
  conversationIssues,
  conversations,
} from "./conversations";
import type { commentReactions, commentReplies, comments } from "./comments";
import type { documents, fileVersions, pageVersions, revisions } from "./content";
import type { contentGrants } from "./grants";
import type { idempotencyKeys } from "./idempotency";
import type { documentLinks } from "./links";
import type { siteInsightCounts, siteRedirects } from "./site-reading";
import type {
  agentInstructions,
  linkInvites,
  orgEmailDomains,
  orgMembers,
  organizations,
} from "./organizations";
import type {
  shareLinks,
  siteAdaptiveSchemas,
  siteAuth,
  siteCounters,
  siteSectionGroups,
  siteSections,
  siteSpaces,
  sites,
} from "./sites";
import type { spaces } from "./spaces";
import type { samlProviders } from "./sso";
import type { teamMembers, teams } from "./teams";
import type { apiTokens, users } from "./users";

/**
 * Row types, one per table, as drizzle infers them from the schema: the one place rows are typed,
 * so services, auth and presenters agree on what a row is.
 */

/** A `siteAdaptiveSchemas` row as stored. */
export type AdaptiveSchemaRow = typeof siteAdaptiveSchemas.$inferSelect;

/** A `agentInstructions` row as stored. */
export type AgentInstructionsRow = typeof agentInstructions.$inferSelect;

/** A `apiTokens` row as stored. */
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A `changeRequests` row as stored. */
export type ChangeRequestRow = typeof changeRequests.$inferSelect;
/** A review submitted on a change request. */
export type ChangeRequestReviewRow = typeof changeRequestReviews.$inferSelect;
/** A reviewer requested on a change request. */
export type RequestedReviewerRow = typeof changeRequestReviewers.$inferSelect;

/** A `conversations` row as stored. */
export type ConversationRow = typeof conversations.$inferSelect;

/** A `conversationIssues` row as stored. */
export type ConversationIssueRow = typeof conversationIssues.$inferSelect;

/** A `conversationClusters` row as stored. */
export type ConversationClusterRow = typeof conversationClusters.$inferSelect;

/** A `changeRequestConversations` row as stored. */
export type ChangeRequestConversationRow = typeof changeRequestConversations.$inferSelect;

/** A `collections` row as stored. */
export type CollectionRow = typeof collections.$inferSelect;

/** A `comments` row as stored. */
export type CommentRow = typeof comments.$inferSelect;

/** A `contentGrants` row as stored. */
export type ContentGrantRow = typeof contentGrants.$inferSelect;

/** A `documentLinks` row as stored. */
export type DocumentLinkRow = typeof documentLinks.$inferSelect;

/** A `documents` row as stored. */
export type DocumentRow = typeof documents.$inferSelect;

/** A `fileVersions` row as stored. */
export type FileRow = typeof fileVersions.$inferSelect;

/** A `siteSectionGroups` row as stored. */
export type GroupRow = typeof siteSectionGroups.$inferSelect;

/** A `idempotencyKeys` row as stored. */
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * An `emailInvites` row as the pending-invite lists read it: no token digest, the organization's
 * title and the inviter's name joined.
 */
export type EmailInviteRow = Omit<typeof emailInvites.$inferSelect, "tokenDigest"> & {
  organizationTitle: string;
  invitedByName: string | null;
};

/** A `linkInvites` row as stored. */
export type InviteRow = typeof linkInvites.$inferSelect;

/** A `orgEmailDomains` row as stored. */
export type OrgEmailDomainRow = typeof orgEmailDomains.$inferSelect;

/** A `orgMembers` row as stored. */
export type OrgMemberRow = typeof orgMembers.$inferSelect;

/** A `organizations` row as stored. */
export type OrganizationRow = typeof organizations.$inferSelect;

/** A `samlProviders` row as stored. */
export type SamlProviderRow = typeof samlProviders.$inferSelect;

/** A `pageVersions` row as stored. */
export type PageRow = typeof pageVersions.$inferSelect;

/** A `commentReactions` row as stored. */
export type ReactionRow = typeof commentReactions.$inferSelect;

/** A `commentReplies` row as stored. */
export type ReplyRow = typeof commentReplies.$inferSelect;

/** A `revisions` row as stored. */
export type RevisionRow = typeof revisions.$inferSelect;

/** A `siteSections` row as stored. */
export type SectionRow = typeof siteSections.$inferSelect;

/** A `shareLinks` row as stored. */
export type ShareLinkRow = typeof shareLinks.$inferSelect;

/** A `siteAuth` row as stored. */
export type SiteAuthRow = typeof siteAuth.$inferSelect;

/** A `siteCounters` row as stored. */
export type SiteCountersRow = typeof siteCounters.$inferSelect;

/** A `sites` row as stored. */
export type SiteRow = typeof sites.$inferSelect;

/** A `siteRedirects` row as stored. */
export type SiteRedirectRow = typeof siteRedirects.$inferSelect;

/** A `siteInsightCounts` row as stored. */
export type SiteInsightCountRow = typeof siteInsightCounts.$inferSelect;

/** A `siteSpaces` row as stored. */
export type SiteSpaceRow = typeof siteSpaces.$inferSelect;

/** A `spaces` row as stored. */
export type SpaceRow = typeof spaces.$inferSelect;

/** A `teams` row as stored. */
export type TeamRow = typeof teams.$inferSelect;

/** A `users` row as stored. */
export type UserRow = typeof users.$inferSelect;

/** A `teamMembers` row as stored. */
export type TeamMembershipRow = typeof teamMembers.$inferSelect;

/** A person's registered passkey. */
export type PasskeyRow = typeof import("./federation").passkeys.$inferSelect;
/** An organization's OIDC provider (its client secret sealed). */
export type OidcProviderRow = typeof import("./federation").oidcProviders.$inferSelect;
