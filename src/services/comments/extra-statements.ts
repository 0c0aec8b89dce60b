import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { commentReactions, commentReplies, users } from "../../db/schema/index";
import {
  preparedSelect,
  preparedShapes,
  sqlParam,
  type Params,
  type RowsOf,
} from "../../db/prepared";
import { plan, type Statements } from "../../db/plan";
import { cursorPair } from "../../http/pagination";
import { REACTION_ORDER, reactionFields, replierFields } from "./rows";

/**
 * What comments and replies are presented with beside their own rows (reactions with their
 * users, repliers, the users of a page), written once per isolate (`src/db/prepared.ts`): one
 * form for the comment list, a single comment or reply, and a page of replies, which differ only
 * in where the ids come from.
 */

/** Ids bound as one JSON text, matched through `json_each`. */
const inIds = (p: Params<"ids">) => sql`(SELECT value FROM json_each(${p("ids")}))`;

/** The reactions (with their users) on the targets `ids` selects, oldest first. */
function reactionsSelect<N extends string>(ids: (p: Params<N>) => SQL) {
  return preparedSelect(reactionFields, (select, p: Params<N>) =>
    select
      .from(commentReactions)
      .leftJoin(users, eq(users.id, commentReactions.userId))
      .where(sql`${commentReactions.targetId} IN ${ids(p)}`)
      .orderBy(...REACTION_ORDER),
  );
}

/** The reactions on the comments or replies of `ids`. */
const REACTIONS = reactionsSelect(inIds);

/** The values a page of a comment's replies is bound with. */
type ReplyPage = "comment" | "k0" | "k1" | "limit";

/**
 * The reactions on a page of a comment's replies (oldest first, after a keyset position or from
 * the start; `limit` rows), the page's ids read in the same statement.
 */
const REPLY_PAGE_REACTIONS = preparedShapes((after: boolean) =>
  reactionsSelect(
    (p: Params<ReplyPage>) =>
      sql`(SELECT ${commentReplies.id} FROM ${commentReplies} WHERE ${and(
        eq(commentReplies.commentId, sqlParam(p, "comment")),
        after
          ? sql`(${commentReplies.postedAt}, ${commentReplies.id}) > (${p("k0")}, ${p("k1")})`
          : undefined,
      )} ORDER BY ${commentReplies.postedAt}, ${commentReplies.id} LIMIT ${p("limit")})`,
  ),
);

/** Per comment of `ids`, each distinct replier with their reply count and latest reply time. */
const REPLIERS = preparedSelect(replierFields, (select, p: Params<"ids">) =>
  select
    .from(commentReplies)
    .leftJoin(users, eq(users.id, commentReplies.postedBy))
    .where(sql`${commentReplies.commentId} IN ${inIds(p)}`)
    .groupBy(commentReplies.commentId, commentReplies.postedBy),
);

/** The users of `ids` (posters and resolvers) with the columns a comment presents. */
const PEOPLE = preparedSelect(
  () => ({ id: users.id, name: users.displayName, email: users.email, photo: users.photoURL }),
  (select, p: Params<"ids">) => select.from(users).where(sql`${users.id} IN ${inIds(p)}`),
);

/** Ids as the values of the statements above. */
const json = (ids: string[]) => ({ ids: JSON.stringify(ids) });

/** The reactions (with their users) on the comments or replies of `ids`, oldest first. */
export function reactionsStatement(db: Database, ids: string[]) {
  return REACTIONS.bind(db, json(ids));
}

/** Each distinct replier of the comments of `ids`, with their reply count and latest reply. */
export function repliersStatement(db: Database, ids: string[]) {
  return REPLIERS.bind(db, json(ids));
}

/**
 * The reactions on the page of the comment's replies that starts after `after` (or at the
 * first) and holds `limit` replies.
 */
export function replyPageReactionsStatement(
  db: Database,
  commentId: string,
  limit: number,
  after?: readonly [string, string],
) {
  const values = { comment: commentId, ...cursorPair(after), limit };
  return REPLY_PAGE_REACTIONS(after !== undefined).bind(db, values);
}

/**
 * What a list page's comments need beside their rows, in one round trip (none when every list
 * is empty): the reactions on `reacted`, the repliers of `replied`, the users of `people`, each
 * one statement bound with its ids as a JSON text.
 */
export function pageExtraPlan(
  db: Database,
  ids: { reacted: string[]; replied: string[]; people: string[] },
) {
  const statements: Statements = {};
  if (ids.reacted.length) statements.reactions = reactionsStatement(db, ids.reacted);
  if (ids.replied.length) statements.repliers = repliersStatement(db, ids.replied);
  if (ids.people.length) statements.people = PEOPLE.bind(db, json(ids.people));
  return plan(statements, (r) => ({
    reactions: (r.reactions ?? []) as RowsOf<typeof REACTIONS>,
    repliers: (r.repliers ?? []) as RowsOf<typeof REPLIERS>,
    people: (r.people ?? []) as RowsOf<typeof PEOPLE>,
  }));
}
