import { z } from "@hono/zod-openapi";
import { DocumentSchema } from "../../core/document/index";
import { pagedQuery } from "../http/pagination";
import { queryBoolean, UserSchema } from "../api-document/common";
import { optionalId, pathString, repeatedQuery } from "./common";
import { OrgParams } from "./organizations";
import { SpaceParams } from "./spaces";
import { ApplySpaceTemplateSchema } from "./templates";

/** The official `prefer` header of the update: return=minimal answers 204. */
export { PreferHeader } from "./common";

/** Every official ChangeRequestStatus. */
const CHANGE_REQUEST_STATUSES = ["draft", "open", "archived", "merged"] as const;

/** Official ChangeRequestStatus. */
const ChangeRequestStatus = z.enum(CHANGE_REQUEST_STATUSES);

/** Official ChangeRequestSubject: 0 to 100 characters. */
const ChangeRequestSubject = z.string().max(100);

/** Path of a space's change requests. */
export const SpaceChangeRequestsParams = SpaceParams;

/** Path of an organization's change requests. */
export const OrgChangeRequestsParams = OrgParams;

/** Path of one change request, addressed by its id or its number in the space. */
export const ChangeRequestParams = SpaceChangeRequestsParams.extend({
  changeRequestId: pathString("changeRequestId").openapi({
    description: "The unique ID of the change request or its number identifier in the space",
  }),
});

/** Official ChangeRequestOrderBy (we default to createdAt: see the compat notes). */
const OrderBy = z.enum(["createdAt", "updatedAt"]).default("createdAt");

/** Filters both change-request lists share, with the official parameter names. */
const sharedFilters = {
  creator: optionalId("Only change requests created by this user."),
  contributor: optionalId("Only change requests with contributions from this user."),
  requestedReviewer: optionalId("Only change requests with a requested review from this user."),
  topic: optionalId(
    "Only change requests linked to this site topic (none are: site topics do not exist yet).",
  ),
  conversationsIssuesCluster: optionalId(
    "Only change requests associated with this conversations issues cluster.",
  ),
  orderBy: OrderBy,
};

/** Query of the space list: PAGED, the official filters, `status` defaulting to open. */
export const ListSpaceChangeRequestsQuery = pagedQuery.extend({
  status: ChangeRequestStatus.default("open"),
  ...sharedFilters,
});

/** The organization list's `status`: one or more statuses. */
const statusList = repeatedQuery(
  z.array(ChangeRequestStatus).min(1).max(CHANGE_REQUEST_STATUSES.length),
)
  .optional()
  .openapi({ description: "Only change requests with one of these statuses (default: open)." });

/** Query of the organization list: the space list's filters, several statuses, and `space`. */
export const ListOrgChangeRequestsQuery = pagedQuery.extend({
  status: statusList,
  space: optionalId("Only change requests of this space."),
  site: optionalId("Only change requests linked to this site (none are yet)."),
  styleguideRun: optionalId("Only change requests opened by this style guide run (none are)."),
  finding: z.enum(["none", "all"]).optional(),
  ...sharedFilters,
});

/** Body of change-request creation; extra properties are allowed, as in the official body. */
export const CreateChangeRequestBody = z.looseObject({
  subject: ChangeRequestSubject.optional().openapi({
    description: "Subject of the change request",
  }),
  template: ApplySpaceTemplateSchema.optional().openapi({
    description: "Template to apply to the change request",
  }),
});

/** Body of a change-request update: subject, description Document, status (never merged). */
export const UpdateChangeRequestBody = z
  .object({
    subject: ChangeRequestSubject.optional(),
    description: DocumentSchema.optional(),
    status: z.enum(["draft", "open", "archived"]).optional(),
    links: z.array(z.unknown()).max(10).optional(),
  })
  .strict();

/** Query of the content batch: official `compat` (default true: the change request alone). */
export const ContentBatchQuery = z.object({
  compat: queryBoolean.optional().openapi({
    type: "boolean",
    description: "true (default): the change request; false: also the affected pages and files",
  }),
});

/** The official ChangeRequest object (the fields this service fills). */
export const ChangeRequestSchema = z
  .object({
    object: z.literal("change-request"),
    id: z.string(),
    number: z.number(),
    status: ChangeRequestStatus,
    subject: z.string(),
    description: z.record(z.string(), z.unknown()).optional(),
    createdBy: UserSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    mergedBy: UserSchema.optional(),
    mergedAt: z.string().optional(),
    space: z.string(),
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string().optional(),
    revisionMerged: z.string().optional(),
    comments: z.number(),
    outdated: z.boolean(),
    conversationsIssuesCluster: z.string().optional(),
    urls: z.object({ app: z.string(), location: z.string() }),
  })
  .openapi("ChangeRequest");

/** The ChangeRequest object's TypeScript type. */
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/** The result of merge and update-from-main: the resulting revision. */
export const MergeResultSchema = z.object({
  revision: z.string(),
  result: z.enum(["merge", "update", "conflicts"]),
});

const PageRef = z.object({
  object: z.literal("page"),
  id: z.string(),
  urls: z.object({ location: z.string() }),
  documentId: z.string().optional().openapi({
    description:
      "Quire extension: the id of the page's document after the batch (a document page with a body), the `baseDocumentId` of the next edit.",
  }),
});

/** Official ChangeRequestContentUpdateChange: what the batch did to one page. */
const ContentUpdateChangeSchema = z.discriminatedUnion("object", [
  z.object({ object: z.literal("created_page"), ref: z.string().optional(), page: PageRef }),
  z.object({ object: z.literal("updated_page"), page: PageRef }),
  z.object({ object: z.literal("deleted_page"), page: z.string() }),
]);

/** Official RevisionFile (without git metadata). */
const RevisionFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  downloadURL: z.string(),
  size: z.number(),
  dimensions: z.object({ width: z.number(), height: z.number() }).optional(),
});

/** Official ChangeRequestContentUpdate: the `compat=false` answer of the content batch. */
export const ContentUpdateSchema = z
  .object({
    changeRequest: ChangeRequestSchema,
    changes: z.array(ContentUpdateChangeSchema),
    insertedFiles: z.array(RevisionFileSchema).optional(),
  })
  .openapi("ChangeRequestContentUpdate");

/** The ChangeRequestContentUpdate TypeScript type. */
export type ContentUpdate = z.infer<typeof ContentUpdateSchema>;

/** Path of a page's live room in a change request (Quire extension: live co-editing). */
export const LivePageParams = ChangeRequestParams.extend({
  pageId: pathString("pageId").openapi({ description: "The page co-edited in the room" }),
});
