import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { UserSchema } from "../api-document/common";
import { strictId } from "./common";
import { RevisionParams, SpaceContentParams, SpacePageParams } from "./content";

/**
 * The wire of a space's history (Quire extensions: GitBook's API reads a revision by id but
 * lists none): the main line's revisions newest first, a page's history (the revisions of main
 * that changed it), and a revert that opens a change request holding a revision's content.
 */

/** Path of a space's history. */
export const SpaceRevisionsParams = SpaceContentParams;
/** Path of one page's history (the page of the space's main content). */
export const PageRevisionsParams = SpacePageParams;
/** Path of a revert of a revision. */
export const RevertParams = RevisionParams;

/** Query of the history lists: PAGED (default 50). */
export const RevisionsQuery = pagedQuery;

/** A revision as a history lists it: who, when, what kind, and where it came from. */
export const RevisionEntrySchema = z
  .object({
    object: z.literal("revision"),
    id: z.string(),
    parents: z.array(z.string()),
    type: z.enum(["edits", "merge", "update", "rollback"]),
    createdAt: z.string(),
    /** Who made it (absent when that person is gone). */
    createdBy: UserSchema.optional(),
    /** On a merge revision, the change request it merged. */
    changeRequest: z.object({ id: z.string(), number: z.number(), subject: z.string() }).optional(),
    urls: z.object({ app: z.string() }),
  })
  .openapi("RevisionEntry");

/** A history entry's TypeScript type. */
export type RevisionEntry = z.infer<typeof RevisionEntrySchema>;

/** Body of a revert: the whole space, or one page (`page`), and the change request's subject. */
export const RevertBody = z
  .object({
    page: strictId()
      .optional()
      .openapi({ description: "Restore only this page; omitted: the whole space" }),
    subject: z
      .string()
      .max(100)
      .optional()
      .openapi({ description: "Subject of the change request (a default names the revision)" }),
  })
  .strict();
