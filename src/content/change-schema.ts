import { z } from "zod";
import { MEDIA_TYPE_PATTERN, SAFE_FILE_NAME_PATTERN } from "../../core/requests/media-type";
import { ComputedSourceSchema } from "../../core/openapi-pages";

/**
 * A page body in a change: markdown, a JSON Document, or empty (the official Document union). The
 * empty form is a record of `never`, not `z.object({}).strict()`: zod answers a union with the one
 * branch whose only issue is an unknown key, so `{markdown: 5}` would read "Unrecognized key"
 * instead of naming the wrong type (the validation hook reports a `never` key as unknown).
 */
const DocumentInput = z.union([
  z.object({ markdown: z.string().max(1_000_000) }).strict(),
  z.object({ document: z.record(z.string(), z.unknown()) }).strict(),
  z.record(z.string(), z.never()).meta({ type: "object", additionalProperties: false }),
]);

/** Page metadata settable on insert and update (official RevisionPageUpdate). */
const PageMeta = {
  title: z.string().min(1).max(256).optional(),
  slug: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase letters and digits joined by single hyphens")
    .optional(),
  emoji: z.string().max(50).optional(),
  icon: z.string().max(100).optional(),
  description: z.string().max(1000).optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  condition: z.string().max(1024).optional(),
  /**
   * Quire extension: the page's layout flags, the keys the page read's `layout` presents (each
   * optional; absent ones read as GitBook's defaults), or `null` for the defaults. A Git Sync
   * file's front matter `layout:` imports to these.
   */
  layout: z
    .object({
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
    })
    .partial()
    .strict()
    .nullable()
    .optional(),
};

const InsertPage = z
  .object({
    operation: z.literal("insert_page"),
    document: DocumentInput,
    into: z.string().min(1).optional(),
    at: z.number().int().min(0).optional(),
    ref: z.string().min(1).max(100).optional(),
    /** Quire extension: the page's content is computed from an API spec (`document` must be `{}`). */
    computed: ComputedSourceSchema.optional(),
    /**
     * Quire extension: the kind of page, as GitBook's pages have it: a `document` (the default),
     * a `group` (a titled section holding pages, no body: `document` must be `{}`) or a `link`
     * (an entry of the table of contents pointing to `href`).
     */
    type: z.enum(["document", "group", "link"]).optional(),
    /** Quire extension: a link page's target (an http(s) or mailto address), with `type: "link"`. */
    href: z.string().min(1).max(2048).optional(),
    ...PageMeta,
  })
  .strict();

const UpdatePage = z
  .object({
    operation: z.literal("update_page"),
    page: z.string().min(1),
    document: DocumentInput.optional(),
    into: z.string().min(1).nullable().optional(),
    at: z.number().int().min(0).optional(),
    /** Quire extension: make the page computed from an API spec, or `null` to stop. */
    computed: ComputedSourceSchema.nullable().optional(),
    /**
     * Quire extension: the `documentId` of the page's document the sent `document` was edited
     * from (`null`: the page had none). When the page's document is another by now, the batch
     * answers 409 instead of overwriting someone's edit. Omitted: last writer wins (official).
     */
    baseDocumentId: z.string().min(1).max(128).nullable().optional(),
    ...PageMeta,
  })
  .strict();

const DeletePage = z
  .object({ operation: z.literal("delete_page"), page: z.string().min(1) })
  .strict();

const RevertPage = z
  .object({
    operation: z.literal("revert_page"),
    page: z.string().min(1),
    revision: z.string().min(1).optional(),
    block: z.array(z.string()).optional(),
  })
  .strict();

const FileInput = z
  .object({
    ref: z.string().min(1).max(100).optional(),
    name: z
      .string()
      .min(1)
      .max(256)
      .regex(SAFE_FILE_NAME_PATTERN, "must not contain control characters (NUL, CR, LF, ...)"),
    contentType: z
      .string()
      .min(1)
      .max(255)
      .regex(
        MEDIA_TYPE_PATTERN,
        "must be a media type as RFC 9110 defines it (type/subtype; parameters)",
      )
      .optional(),
    url: z.string().url().max(2048).optional(),
    base64: z.string().max(1_400_000).optional(),
    /** Quire extension: the key of a whole `organization_file` upload of this organization. */
    storageKey: z.string().min(1).max(512).optional(),
  })
  .strict();

const InsertFiles = z
  .object({ operation: z.literal("insert_files"), files: z.array(FileInput).min(1).max(20) })
  .strict();

/** One content change (official ChangeRequestContentChange). */
const ChangeSchema = z.discriminatedUnion("operation", [
  InsertPage,
  UpdatePage,
  DeletePage,
  RevertPage,
  InsertFiles,
]);

/** The body of a content batch: 1 to 50 ordered changes. */
export const ChangeBatchSchema = z
  .object({ changes: z.array(ChangeSchema).min(1).max(50) })
  .strict();

/** One content change. */
export type Change = z.infer<typeof ChangeSchema>;
/** A page-body input. */
export type DocumentInputValue = z.infer<typeof DocumentInput>;
