import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { queryBoolean } from "../api-document/common";
import { DocumentFormat, pathId } from "./common";

const pagePath = z
  .string()
  .min(1)
  .max(2048)
  .openapi({
    param: { name: "pagePath", in: "path" },
    description: "The path of the page in the revision (its slugs joined by '/').",
  });

/** Path of a space's main content. */
export const SpaceContentParams = z.object({ spaceId: pathId("spaceId") });
/** Path of one file of a space's main content. */
export const SpaceFileParams = SpaceContentParams.extend({ fileId: pathId("fileId") });
/** Path of one page of a space's main content. */
export const SpacePageParams = SpaceContentParams.extend({ pageId: pathId("pageId") });
/** Path of a page of a space's main content, by its path. */
export const SpacePathParams = SpaceContentParams.extend({ pagePath });

/** Path of a change request's content. */
export const ChangeRequestContentParams = SpaceContentParams.extend({
  changeRequestId: pathId("changeRequestId"),
});
/** Path of one file of a change request's content. */
export const ChangeRequestFileParams = ChangeRequestContentParams.extend({
  fileId: pathId("fileId"),
});
/** Path of one page of a change request's content. */
export const ChangeRequestPageParams = ChangeRequestContentParams.extend({
  pageId: pathId("pageId"),
});
/** Path of a page of a change request's content, by its path. */
export const ChangeRequestPathParams = ChangeRequestContentParams.extend({ pagePath });

/** Path of one revision of a space. */
export const RevisionParams = SpaceContentParams.extend({ revisionId: pathId("revisionId") });
/** Path of one file of a revision. */
export const RevisionFileParams = RevisionParams.extend({ fileId: pathId("fileId") });
/** Path of one page of a revision. */
export const RevisionPageParams = RevisionParams.extend({ pageId: pathId("pageId") });
/** Path of a page of a revision, by its path. */
export const RevisionPathParams = RevisionParams.extend({ pagePath });

/** Official revisionMetadata and revisionComputed: accepted, see the compat notes. */
const revisionFlags = {
  metadata: queryBoolean.optional().openapi({
    description: "If false, mutable git metadata is not returned (Quire has none).",
  }),
  computed: queryBoolean.optional().openapi({
    description: "If false, computed pages (rendered from an API spec) are not rendered.",
  }),
};

/** Query of the revision and pages reads. */
export const RevisionQuery = z.object(revisionFlags);

/**
 * Query of the reads of a whole page tree (a revision, its pages): the revision flags and
 * Quire's `bodies`. GitBook's trees name each page's document (`documentId`) and leave bodies to
 * the page document read; Quire's carry every body unless `bodies=false`, which answers
 * GitBook's shape: a tree of any size at the cost of its metadata (what the reader asks).
 */
export const TreeQuery = RevisionQuery.extend({
  bodies: queryBoolean.optional().openapi({
    description:
      "Quire extension: false leaves page bodies out; each document page then names its `documentId`.",
  }),
});

/** Query of the files list: PAGED plus the revision flags. */
export const FilesQuery = pagedQuery.extend(revisionFlags);

/** Query of the page reads: format, evaluation and the revision flags. */
export const PageQuery = z.object({
  format: DocumentFormat.optional().openapi({
    description: "Output format for the content (default: document).",
  }),
  "format.markdown.refs": z
    .enum(["relative", "stable"])
    .optional()
    .openapi({ description: "How content references are written in markdown (see compat notes)." }),
  evaluated: z
    .enum(["true", "false", "1", "0", "deterministic-only"])
    .optional()
    .openapi({ description: "Whether to evaluate the document's expressions (default false)." }),
  dereferenced: z.enum(["true", "false", "1", "0", "reusable-contents"]).optional().openapi({
    description:
      "Whether to expand references to other content (default false): openapi-* blocks are rendered from their spec.",
  }),
  ...revisionFlags,
});

/** Query of the page-by-path reads: the page query plus the official `cachedMetadata`. */
export const PathQuery = PageQuery.extend({
  cachedMetadata: queryBoolean.optional().openapi({
    description: "If true, mutable git metadata may come from a cache (Quire has none).",
  }),
});

/** Query of the page document read: evaluation only. */
export const DocumentQuery = PageQuery.pick({ evaluated: true, dereferenced: true });

/** The page reads' validated query. */
export type PageQueryInput = z.infer<typeof PageQuery>;

/**
 * Query of the signed download: read as it is and checked by its signature, so a tampered,
 * expired or malformed link is a 403 rather than a validation error.
 */
export const DownloadQuery = z.object({
  key: z.string().optional(),
  space: z.string().optional(),
  expires: z.string().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  sig: z.string().optional(),
});
