import { z } from "@hono/zod-openapi";
import { RevisionQuery } from "./content";

/**
 * The wire of the semantic-changes reads (official getRevisionSemanticChanges and
 * getChangeRequestChanges): what a revision changed against its parent, what a change request
 * changes against main where it forked.
 */

/** Official `limit`: how many changes to return (default 10; Quire accepts 1 to 1000). */
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(1000)
  .default(10)
  .openapi({ description: "Limit the number of changes returned" });

/** Query of the revision's changes: the revision flags and `limit`. */
export const RevisionChangesQuery = RevisionQuery.extend({ limit });

/** Query of the change request's changes. */
export const ChangeRequestChangesQuery = z.object({ limit });

/** Official ChangedRevisionPage. */
const ChangedPage = z.object({
  id: z.string(),
  type: z.enum(["document", "group", "link", "computed"]),
  title: z.string(),
  path: z.string().optional(),
});

/** Official ChangedRevisionFile. */
const ChangedFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  downloadURL: z.string(),
});

/** Official ChangeAttributeString. */
const StringChange = z.object({ before: z.string().optional(), after: z.string().optional() });

/** Official ChangeAttributeNumber. */
const NumberChange = z.object({ before: z.number().optional(), after: z.number().optional() });

/** The page attributes Quire reports (official RevisionPage…ChangeAttributes, in part). */
const PageAttributes = z.object({
  title: StringChange.optional(),
  description: StringChange.optional(),
  slug: StringChange.optional(),
  emoji: StringChange.optional(),
  document: StringChange.optional(),
});

/** The file attributes Quire reports (official RevisionFileChangeAttributes, in part). */
const FileAttributes = z.object({
  name: StringChange.optional(),
  contentType: StringChange.optional(),
  downloadURL: StringChange.optional(),
  size: NumberChange.optional(),
});

/** Official RevisionSemanticChange, in the forms Quire computes (pages and files). */
const SemanticChangeSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("page_created"), page: ChangedPage }),
  z.object({ type: z.literal("page_edited"), page: ChangedPage, attributes: PageAttributes }),
  z.object({ type: z.literal("page_deleted"), page: ChangedPage }),
  z.object({
    type: z.literal("page_moved"),
    page: ChangedPage,
    parent: z.object({ before: ChangedPage.optional(), after: ChangedPage.optional() }),
  }),
  z.object({ type: z.literal("file_created"), file: ChangedFile }),
  z.object({ type: z.literal("file_edited"), file: ChangedFile, attributes: FileAttributes }),
  z.object({ type: z.literal("file_deleted"), file: ChangedFile }),
]);

/** The RevisionSemanticChange wire type. */
export type SemanticChange = z.infer<typeof SemanticChangeSchema>;

/** Official RevisionSemanticChanges (without `mergedFrom`: see docs/compatibility.md). */
export const RevisionSemanticChangesSchema = z
  .object({ changes: z.array(SemanticChangeSchema), more: z.number().optional() })
  .openapi("RevisionSemanticChanges");

/** The RevisionSemanticChanges wire type. */
export type RevisionSemanticChanges = z.infer<typeof RevisionSemanticChangesSchema>;
