import { z } from "@hono/zod-openapi";
import { MEMBER_ROLES } from "../lib/roles";
import { pagedQuery } from "../lib/pagination";
import { queryBoolean } from "../openapi/common";

const pathString = (name: string) =>
  z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name, in: "path" } });

const entityId = z.string().min(1).max(64);

/** Path of an organization's collections. */
export const OrgCollectionsParams = z.object({ organizationId: pathString("organizationId") });

/** Path of one collection. */
export const CollectionParams = z.object({ collectionId: pathString("collectionId") });

/** Official CollectionTitle: at most 50 characters (we also refuse a blank title). */
const CollectionTitle = z.string().trim().min(1).max(50);

/** Official CollectionDescription: 0 to 100 characters. */
const CollectionDescription = z.string().max(100);

/** Official MemberRole. */
const MemberRole = z.enum(MEMBER_ROLES);

/** Official DefaultLevel: a role, null (no access by default) or "inherit" (spaces too). */
export const DefaultLevel = z.union([MemberRole, z.null(), z.literal("inherit")]);

/** Query of the collection list: PAGED and the official `nested` flag (default true). */
export const ListCollectionsQuery = pagedQuery.extend({
  nested: queryBoolean.optional().openapi({
    type: "boolean",
    default: true,
    description:
      "If true (the default), nested collections are listed too; if false, only top-level ones.",
  }),
});

/** Body of collection creation (official: `title` and `parent`, both optional). */
export const CreateCollectionBody = z
  .object({
    title: CollectionTitle.optional(),
    parent: entityId.optional().openapi({ description: "ID of a parent collection" }),
  })
  .strict();

/** Body of a collection update: one or more of the three fields. */
export const UpdateCollectionBody = z
  .object({
    title: CollectionTitle.optional(),
    description: CollectionDescription.optional(),
    defaultLevel: DefaultLevel.optional(),
  })
  .strict();

const SpacePointer = z.object({ type: z.literal("space"), space: entityId }).strict();
const CollectionPointer = z
  .object({ type: z.literal("collection"), collection: entityId })
  .strict();
const Pointer = z.discriminatedUnion("type", [SpacePointer, CollectionPointer]);

/**
 * Official ContentPosition: before or after a sibling (we take exactly one of the two); the
 * position of a space move too.
 */
export const ContentPosition = z
  .object({ before: Pointer.optional(), after: Pointer.optional() })
  .strict()
  .refine((p) => (p.before === undefined) !== (p.after === undefined), {
    message: "give exactly one of before or after",
  });

/** Body of a collection move: official `parent` (null: top level) and `position`. */
export const MoveCollectionBody = z
  .object({
    parent: entityId.nullable().optional().openapi({
      description:
        "The unique id of the parent collection; null for the top level; omitted: unchanged",
    }),
    position: ContentPosition.optional().openapi({
      description: "Where to move the collection. By default, it will be moved at the end.",
    }),
  })
  .strict()
  .refine((b) => b.parent !== undefined || b.position !== undefined, {
    message: "give parent, position or both",
  });

/** Body of a collection transfer. */
export const TransferCollectionBody = z
  .object({
    organization: entityId.openapi({ description: "The unique id of the target organization" }),
  })
  .strict();

/** The official Collection object. */
export const CollectionSchema = z
  .object({
    object: z.literal("collection"),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    organization: z.string(),
    parent: z.string().optional(),
    defaultLevel: DefaultLevel,
    urls: z.object({ location: z.string(), app: z.string() }),
    permissions: z.object({
      view: z.boolean(),
      admin: z.boolean(),
      viewInviteLinks: z.boolean(),
      create: z.boolean(),
    }),
  })
  .openapi("Collection");

/** The Collection object's TypeScript type. */
export type Collection = z.infer<typeof CollectionSchema>;
