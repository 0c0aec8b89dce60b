import { z } from "@hono/zod-openapi";
import { entityId } from "./common";

/** What a conflict is about: one block of a page, a page itself, or the page tree. */
const ConflictKind = z.enum(["block", "page", "tree"]);

/** The side a resolution keeps: main's version, the change request's, or both (mine after main's). */
const ConflictTake = z.enum(["main", "mine", "both"]);

/**
 * Quire extension: one conflict between a change request and main, as the conflicts read
 * answers it and a resolution names it (`page`, and `block` for a block conflict).
 */
const ConflictSchema = z
  .object({
    page: z.string().openapi({ description: "The page's id" }),
    title: z.string().openapi({ description: "The page's title in the change request" }),
    kind: ConflictKind,
    block: z.string().optional().openapi({
      description: "For a block conflict: the block's key (its key at the base, else main's)",
    }),
    reason: z.string().openapi({ description: "What both sides did, in words" }),
    main: z.record(z.string(), z.unknown()).nullable().optional().openapi({
      description: "For a block conflict: main's version of the block (null: deleted on main)",
    }),
    mine: z.record(z.string(), z.unknown()).nullable().optional().openapi({
      description:
        "For a block conflict: the change request's version of the block (null: deleted in it)",
    }),
  })
  .openapi("ChangeRequestConflict");

/** One conflict's wire form. */
export type Conflict = z.infer<typeof ConflictSchema>;

/** Quire extension: the conflicts an update from main would meet now, none applied. */
export const ConflictListSchema = z
  .object({ count: z.number().int(), items: z.array(ConflictSchema) })
  .openapi("ChangeRequestConflicts");

/** One choice for one conflict: `block` names a block conflict; without it, the page's. */
const ResolutionSchema = z
  .object({ page: entityId, block: z.string().min(1).max(64).optional(), take: ConflictTake })
  .strict();

/** One resolution's type. */
export type Resolution = z.infer<typeof ResolutionSchema>;

/** Quire extension: the optional body of update-from-main, choices for its conflicts. */
export const UpdateFromMainBody = z
  .object({ resolutions: z.array(ResolutionSchema).max(1000).optional() })
  .strict();
