import type { User } from "./types";

/**
 * The API's review and comment shapes the change-request screens read (official
 * ChangeRequestReview, ChangeRequestRequestedReviewer, Comment and CommentReply, as far as the
 * screens use them; the API's OpenAPI document is their definition).
 */

/** What a review decided (official ChangeRequestReviewStatus). */
type ReviewStatus = "approved" | "changes-requested";

/** A comment or reply body as read with `format=document`. */
export interface CommentBody {
  document?: unknown;
  markdown?: string;
}

/** A reaction on a comment or reply (official EmojiReaction). */
export interface Reaction {
  emoji: string;
  count: number;
  users: Array<{ user: User }>;
}

/** What the person may do with a comment or reply. */
interface CommentPermissions {
  view?: boolean;
  edit?: boolean;
  reply?: boolean;
  delete?: boolean;
}

/** A reply to a comment (official CommentReply). */
export interface CommentReply {
  id: string;
  postedBy: User;
  postedAt: string;
  editedAt?: string;
  reactions: Reaction[];
  body: CommentBody;
  permissions: CommentPermissions;
}

/** A comment thread's first comment (official Comment). */
export interface Comment extends CommentReply {
  replies: number;
  status: "open" | "resolved";
  resolvedBy?: User;
  target: { node?: { id: string }; page?: { id: string } };
}

/** A submitted review (official ChangeRequestReview). */
export interface Review {
  id: string;
  reviewer: User;
  status: ReviewStatus;
  outdated: boolean;
  comment?: Comment;
  createdAt: string;
}

/** A requested reviewer (official ChangeRequestRequestedReviewer). */
export interface RequestedReviewer {
  user: User;
  requestedBy: User;
  createdAt: string;
}

/** A member of an organization, as the reviewer picker lists them. */
export interface OrgMember {
  user: User;
  role: string | null;
  disabled: boolean;
}
