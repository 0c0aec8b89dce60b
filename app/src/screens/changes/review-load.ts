import type { Api } from "../../api/client";
import type { ListPage, MergeRules, Organization, User } from "../../api/types";
import type { Space } from "../../api/content-types";
import type {
  Comment,
  CommentReply,
  OrgMember,
  RequestedReviewer,
  Review,
} from "../../api/review-types";

/**
 * What the review parts of a change request's screens read through public /v1 operations: its
 * reviews, its requested reviewers, its comment threads (bodies as Documents, replies of the
 * threads that have some in one more wave) and, for a person who may request reviewers, the
 * organization's members matching the picker's search. And what the effective merge rules still
 * require, from the reviews the API answered (the API decides the merge anyway).
 */

/** Threads, reviews and requests read per screen (the API's lists cap at 1000). */
const LIMIT = 100;

/** A comment with its replies. */
export interface Thread {
  comment: Comment;
  replies: CommentReply[];
}

/** The review data of one change request. */
export interface ReviewData {
  reviews: Review[];
  requested: RequestedReviewer[];
  threads: Thread[];
  /** Members the reviewer picker offers (empty when the person may not request reviewers). */
  members: OrgMember[];
  /** The picker's search, as typed. */
  search: string;
}

/** Reads the threads of a change request (`crPath`), each with its replies. */
export async function loadThreads(api: Api, crPath: string): Promise<Thread[]> {
  const comments = await api.get<ListPage<Comment>>(`${crPath}/comments`, {
    status: "all",
    format: "document",
    order: "asc",
    limit: LIMIT,
  });
  return Promise.all(
    comments.items.map(async (comment) => ({
      comment,
      replies:
        comment.replies > 0
          ? (
              await api.get<ListPage<CommentReply>>(
                `${crPath}/comments/${encodeURIComponent(comment.id)}/replies`,
                { format: "document", limit: LIMIT },
              )
            ).items
          : [],
    })),
  );
}

/** Reads the review data of the change request at `crPath` of `space` (one wave, then replies). */
export async function loadReviews(
  api: Api,
  space: Space,
  crPath: string,
  search: string,
): Promise<ReviewData> {
  const picker = space.permissions?.edit === true;
  const [reviews, requested, threads, members] = await Promise.all([
    api.get<ListPage<Review>>(`${crPath}/reviews`, { format: "document", limit: LIMIT }),
    api.get<ListPage<RequestedReviewer>>(`${crPath}/requested-reviewers`, { limit: LIMIT }),
    loadThreads(api, crPath),
    picker
      ? api.get<ListPage<OrgMember>>(`/orgs/${encodeURIComponent(space.organization)}/members`, {
          limit: LIMIT,
          ...(search ? { search } : {}),
        })
      : Promise.resolve({ count: 0, items: [] }),
  ]);
  return {
    reviews: reviews.items,
    requested: requested.items,
    threads,
    members: members.items.filter((m) => !m.disabled),
    search,
  };
}

/** The merge rules a space's merges follow: its own, or its organization's when it inherits. */
export function effectiveRules(space: Space, org: Organization): MergeRules {
  const own = space.mergeRules ?? { type: "inherit" };
  return own.type === "inherit" ? (org.mergeRules ?? { type: "none" }) : own;
}

/**
 * The reviewers whose approval of the latest content the rules still require (the author is
 * exempt: they cannot review their own change request), by id, with their names when known.
 */
export function missingApprovals(
  rules: MergeRules,
  authorId: string,
  data: Pick<ReviewData, "reviews" | "requested" | "members">,
): User[] {
  if (rules.type !== "rules") return [];
  const named = [...new Set(rules.rules.flatMap((r) => r.users))].filter((u) => u !== authorId);
  const approved = new Set(
    data.reviews.filter((r) => r.status === "approved" && !r.outdated).map((r) => r.reviewer.id),
  );
  const known = new Map<string, User>();
  for (const r of data.reviews) known.set(r.reviewer.id, r.reviewer);
  for (const r of data.requested) known.set(r.user.id, r.user);
  for (const m of data.members) known.set(m.user.id, m.user);
  return named
    .filter((id) => !approved.has(id))
    .map((id) => known.get(id) ?? { id, displayName: id });
}
