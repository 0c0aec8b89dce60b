import { z } from "@hono/zod-openapi";
import { UserSchema } from "../api-document/common";

/** Official RevisionFile: a file of a revision, with a signed, expiring download URL. */
export const RevisionFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    downloadURL: z.string().openapi({ description: "Signed URL, valid for one hour" }),
    size: z.number(),
    dimensions: z.object({ width: z.number(), height: z.number() }).optional(),
  })
  .openapi("RevisionFile");

/** Official RevisionPageLayoutOptions (every flag present). */
const PageLayoutSchema = z.object({
  width: z.enum(["default", "wide"]),
  cover: z.boolean(),
  coverSize: z.enum(["hero", "full", "background"]),
  coverMask: z.enum(["none", "radial"]),
  title: z.boolean(),
  description: z.boolean(),
  tableOfContents: z.boolean(),
  outline: z.boolean(),
  pagination: z.boolean(),
  metadata: z.boolean(),
  tags: z.boolean(),
  actions: z.boolean(),
  anchors: z.boolean(),
});

/** A nested page: the same union, shown without recursion in the served document. */
const NestedPages = z
  .array(z.record(z.string(), z.unknown()))
  .openapi({ description: "Child pages, each of the RevisionPage shape" });

const pageBase = {
  id: z.string(),
  title: z.string(),
  emoji: z.string().optional(),
  icon: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  condition: z.string().optional(),
};

const flags = {
  hidden: z.boolean(),
  noIndex: z.boolean(),
  noRobotsIndex: z.boolean(),
};

/** Official RevisionPageDocument: a page with its body as `document` or as `markdown`. */
const PageDocumentSchema = z.object({
  ...pageBase,
  kind: z.literal("sheet"),
  type: z.literal("document"),
  urls: z.object({ app: z.string() }),
  slug: z.string(),
  path: z.string(),
  description: z.string().optional(),
  pages: NestedPages,
  layout: PageLayoutSchema,
  cover: z.record(z.string(), z.unknown()).optional(),
  ...flags,
  tags: z.array(z.record(z.string(), z.unknown())),
  document: z.record(z.string(), z.unknown()).optional(),
  markdown: z.string().optional(),
  documentId: z.string().optional().openapi({
    description:
      "The page's document (its content hash), named when a tree is read with `bodies=false`",
  }),
  computed: z.record(z.string(), z.unknown()).optional().openapi({
    description: "Official ComputedContentSourceDocument: the body is rendered from it",
  }),
});

/** Official RevisionPageGroup: a titled group of pages, without a body. */
const PageGroupSchema = z.object({
  ...pageBase,
  kind: z.literal("group"),
  type: z.literal("group"),
  slug: z.string(),
  path: z.string(),
  pages: NestedPages,
  ...flags,
});

/** Official RevisionPageLink: a navigation entry pointing elsewhere. */
const PageLinkSchema = z.object({
  ...pageBase,
  kind: z.literal("link"),
  type: z.literal("link"),
  target: z.record(z.string(), z.unknown()),
  href: z.string().optional(),
  hidden: z.boolean(),
});

/** Official RevisionPage. */
export const RevisionPageSchema = z
  .union([PageDocumentSchema, PageGroupSchema, PageLinkSchema])
  .openapi("RevisionPage");

/** The page-by-path read answers a document or a group page (official). */
export const PathPageSchema = z.union([PageDocumentSchema, PageGroupSchema]);

/** The pages read: `{pages}`. */
export const PagesSchema = z.object({ pages: z.array(RevisionPageSchema) });

/** Official Revision: one immutable snapshot of a space's content. */
export const RevisionSchema = z
  .object({
    object: z.literal("revision"),
    id: z.string(),
    parents: z.array(z.string()),
    pages: z.array(RevisionPageSchema),
    files: z.array(RevisionFileSchema),
    reusableContents: z.array(z.record(z.string(), z.unknown())),
    tags: z.array(z.record(z.string(), z.unknown())),
    variables: z.record(z.string(), z.string()),
    createdAt: z.string(),
    urls: z.object({ app: z.string() }),
    type: z.enum(["edits", "merge", "update", "rollback"]),
    mergedFrom: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "The merged change request, on a merge revision" }),
    createdBy: UserSchema.optional().openapi({
      description: "Quire extension: who made the revision, when known",
    }),
  })
  .openapi("Revision");

/** Official JSONDocument, as the page document read returns it. */
export const JsonDocumentSchema = z
  .object({
    object: z.literal("document"),
    data: z.record(z.string(), z.unknown()),
    nodes: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi("JSONDocument");

/** A presented file. */
export type RevisionFile = z.infer<typeof RevisionFileSchema>;
/** A page's layout flags. */
export type PageLayout = z.infer<typeof PageLayoutSchema>;
/** A presented document page. */
export type PageDocument = z.infer<typeof PageDocumentSchema>;
/** A presented group page. */
export type PageGroup = z.infer<typeof PageGroupSchema>;
/** A presented link page. */
export type PageLink = z.infer<typeof PageLinkSchema>;
/** Any presented page. */
export type RevisionPage = z.infer<typeof RevisionPageSchema>;
/** A presented revision. */
export type Revision = z.infer<typeof RevisionSchema>;
