import { z } from "@hono/zod-openapi";
import { DocumentSchema } from "../../core/document/index";
import { pagedQuery } from "../http/pagination";
import { queryBoolean, UserSchema } from "../api-document/common";
import { DocumentFormat, entityId, pathString } from "./common";
import { ChangeRequestParams } from "./change-requests";
import { CommentSchema } from "./comments";

/** Official ChangeRequestReviewStatus. */
const ReviewStatus = z.enum(["approved", "changes-requested"]);

/** Path of one review of a change request. */
export const ReviewParams = ChangeRequestParams.extend({ reviewId: pathString("reviewId") });

/** Path of one requested reviewer of a change request. */
export const RequestedReviewerParams = ChangeRequestParams.extend({
  userId: pathString("userId"),
});

/** Official documentFormat of the review reads: the form of the review comment's body. */
const Format = DocumentFormat.optional().openapi({
  description: "Output format for the review's comment (default: markdown).",
});

/** Query of one review: FORMAT. */
export const ReviewQuery = z.object({ format: Format });

/** Query of the review list: PAGED, FORMAT and the official `outdated` filter. */
export const ListReviewsQuery = pagedQuery.extend({
  format: Format,
  outdated: queryBoolean.optional().openapi({
    type: "boolean",
    description: "Only the reviews that are (true) or are not (false) outdated.",
  }),
});

/** Query of the requested-reviewer list: PAGED. */
export const ListRequestedReviewersQuery = pagedQuery;

/** Body of `submitChangeRequestReview`: the decision and an optional comment Document. */
export const SubmitReviewBody = z
  .object({
    status: ReviewStatus.openapi({ description: "The status of the submitted review." }),
    comment: DocumentSchema.optional().openapi({
      description: "Optionally, provide a comment along with the review.",
    }),
  })
  .strict();

/** Body of `requestReviewersForChangeRequest`: users to ask, and the optional subject/description. */
export const RequestReviewersBody = z
  .object({
    users: z
      .array(entityId)
      .min(1)
      .max(50)
      .openapi({ description: "An array of user ids that will be requested." }),
    subject: z.string().max(100).optional(),
    description: DocumentSchema.optional(),
  })
  .strict();

/** The official ChangeRequestReview object. */
export const ChangeRequestReviewSchema = z
  .object({
    object: z.literal("change-request-review"),
    id: z.string(),
    revision: z.string(),
    reviewer: UserSchema,
    requestedBy: UserSchema.optional(),
    status: ReviewStatus,
    outdated: z.boolean(),
    comment: CommentSchema.optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("ChangeRequestReview");

/** The official ChangeRequestRequestedReviewer object (Quire requests users, not teams). */
export const RequestedReviewerSchema = z
  .object({
    object: z.literal("change-request-requested-reviewer"),
    revision: z.string(),
    requestedBy: UserSchema,
    createdAt: z.string(),
    kind: z.literal("user"),
    user: UserSchema,
  })
  .openapi("ChangeRequestRequestedReviewer");

/** The answer of `requestReviewersForChangeRequest`: the requests that were sent. */
export const RequestedReviewersResultSchema = z.object({ users: z.array(RequestedReviewerSchema) });

/** A ChangeRequestReview's TypeScript type. */
export type ChangeRequestReview = z.infer<typeof ChangeRequestReviewSchema>;

/** A ChangeRequestRequestedReviewer's TypeScript type. */
export type RequestedReviewer = z.infer<typeof RequestedReviewerSchema>;
