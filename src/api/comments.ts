import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { permissionsOf, UserSchema } from "../api-document/common";
import {
  DescendingOrder,
  DocumentFormat,
  entityId,
  optionalId,
  pathString,
  repeatedQuery,
  refusedField,
  wirePattern,
} from "./common";
import { SpaceParams } from "./spaces";

/** Path of a space's comments. */
export const SpaceCommentsParams = SpaceParams;
/** Path of one space comment. */
export const SpaceCommentParams = SpaceCommentsParams.extend({
  commentId: pathString("commentId"),
});
/** Path of one reply to a space comment. */
export const SpaceReplyParams = SpaceCommentParams.extend({
  commentReplyId: pathString("commentReplyId"),
});
/** Path of a change request's comments (the change request by id or number). */
export const CrCommentsParams = SpaceCommentsParams.extend({
  changeRequestId: pathString("changeRequestId"),
});
/** Path of one change-request comment. */
export const CrCommentParams = CrCommentsParams.extend({ commentId: pathString("commentId") });
/** Path of one reply to a change-request comment. */
export const CrReplyParams = CrCommentParams.extend({
  commentReplyId: pathString("commentReplyId"),
});

/** Official documentFormat: the form of each `body` (default markdown, see compat notes). */
const Format = DocumentFormat.optional().openapi({
  description: "Output format for the content (default: markdown).",
});

/** The FORMAT query of the reads and writes returning a comment or a reply. */
export const FormatQuery = z.object({ format: Format });

/** The official `authors` filter: one or more user IDs. */
const authorList = repeatedQuery(z.array(entityId).min(1).max(50))
  .optional()
  .openapi({ description: "User IDs to filter queried comments on (at most 50)." });

/** Query of the comment lists: PAGED, the official order, status, targetPage and authors. */
export const ListCommentsQuery = pagedQuery.extend({
  order: DescendingOrder,
  status: z.enum(["all", "open", "resolved"]).default("all"),
  format: Format,
  targetPage: optionalId("The target page of the comment"),
  authors: authorList,
});

/** Query of the reply lists: PAGED and FORMAT. */
export const ListRepliesQuery = pagedQuery.extend({ format: Format });

/**
 * Official Document input: markdown, a JSON document, or the empty object. The empty object is a
 * record of `never` rather than `z.object({}).strict()`: zod answers a union with the one branch
 * whose only issue is an unknown key, so `{markdown: 5}` would read "Unrecognized key: markdown"
 * instead of naming the wrong type (the validation hook reports a `never` key as unknown).
 */
const CommentBodyInput = z.union([
  z.object({ markdown: z.string().max(100_000) }).strict(),
  z.object({ document: z.record(z.string(), z.unknown()) }).strict(),
  z.record(z.string(), z.never()).meta({ type: "object", additionalProperties: false }),
]);

/** One emoji: a pictograph with optional presentation selector, skin tone and tag sequence. */
const PICTOGRAPH = String.raw`\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*(?:[\u{E0020}-\u{E007E}]+\u{E007F})?`;
const ONE_EMOJI = new RegExp(
  String.raw`^(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|${PICTOGRAPH}(?:\u200D${PICTOGRAPH})*)$`,
  "u",
);

/** A reaction: exactly one emoji (official Emoji: at most 50 characters). */
const Reaction = wirePattern(z.string().max(50), ONE_EMOJI, "must be exactly one emoji");
const Reactions = z.array(Reaction).max(20);

/** Official TableCellTarget. */
const TableCellTarget = z.object({ record: entityId, definition: entityId }).strict();

/**
 * Official PostCommentSchema. A target narrows from page to node to table cell: a table cell
 * names its table in `node`, and a node the page holding it.
 */
export const PostCommentBody = z
  .object({
    node: entityId.optional().openapi({ description: "The node to which the comment is posted" }),
    page: entityId.optional().openapi({ description: "The page to which the comment is posted" }),
    body: CommentBodyInput,
    tableCell: TableCellTarget.optional(),
  })
  .strict()
  .superRefine((target, ctx) => {
    if (target.tableCell && target.node === undefined) {
      const message = "a table cell target needs body.node (the table)";
      ctx.addIssue({ code: "custom", path: ["tableCell"], message });
    }
    if (target.node !== undefined && target.page === undefined) {
      ctx.addIssue({ code: "custom", path: ["node"], message: "a node target needs body.page" });
    }
  });

/** Official UpdateCommentSchema. */
export const UpdateCommentBody = z
  .object({
    resolved: z.boolean().optional(),
    body: CommentBodyInput.optional(),
    addedReactions: Reactions.optional(),
    removedReactions: Reactions.optional(),
  })
  .strict();

/** Official UpdateCommentReplySchema (a reply has no resolved state). */
export const UpdateReplyBody = UpdateCommentBody.extend({
  resolved: refusedField("a reply has no resolved state: resolve its comment"),
});

/** Official PostCommentReplySchema. */
export const PostReplyBody = z.object({ body: CommentBodyInput }).strict();

/** A comment or reply body as returned: one of the official Document forms. */
const BodySchema = z.union([
  z.object({ markdown: z.string() }),
  z.object({ document: z.record(z.string(), z.unknown()) }),
]);

/** Official EmojiReaction. */
const ReactionSchema = z.object({
  emoji: z.string(),
  count: z.number(),
  users: z.array(z.object({ user: UserSchema, reactedAt: z.string() })),
});

const PermissionsSchema = permissionsOf("view", "edit", "reply", "delete");

/** Official CommentReply. */
export const CommentReplySchema = z
  .object({
    object: z.literal("comment-reply"),
    id: z.string(),
    postedBy: UserSchema,
    postedAt: z.string(),
    editedAt: z.string().optional(),
    reactions: z.array(ReactionSchema),
    body: BodySchema,
    urls: z.object({ location: z.string() }),
    permissions: PermissionsSchema,
  })
  .openapi("CommentReply");

/** Official Comment (open or resolved). */
export const CommentSchema = z
  .object({
    object: z.literal("comment"),
    id: z.string(),
    postedBy: UserSchema,
    postedAt: z.string(),
    editedAt: z.string().optional(),
    reactions: z.array(ReactionSchema),
    replies: z.number(),
    repliers: z.array(z.object({ updatedAt: z.string(), count: z.number(), user: UserSchema })),
    body: BodySchema,
    target: z.object({
      node: z.object({ id: z.string() }).optional(),
      tableCell: z.object({ record: z.string(), definition: z.string() }).optional(),
      changeRequest: z.string().optional(),
      page: z.object({ id: z.string() }).optional(),
      space: z.string(),
      revision: z.string(),
    }),
    urls: z.object({ location: z.string() }),
    permissions: PermissionsSchema,
    status: z.enum(["open", "resolved"]),
    resolvedAt: z.string().optional(),
    resolvedBy: UserSchema.optional(),
  })
  .openapi("Comment");

/** A presented comment. */
export type Comment = z.infer<typeof CommentSchema>;
/** A presented reply. */
export type CommentReply = z.infer<typeof CommentReplySchema>;
/** A reaction as presented. */
export type Reaction = z.infer<typeof ReactionSchema>;
/** A body input (markdown, document or empty). */
export type CommentBodyValue = z.infer<typeof CommentBodyInput>;
