import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { permissionsOf, queryBoolean } from "../api-document/common";
import { beforeOrAfter, DefaultLevel, entityId, pathString, propertyCount } from "./common";
import { OrgParams } from "./organizations";

/** Path of an organization's collections. */
export const OrgCollectionsParams = OrgParams;

/** Path of one collection. */
export const CollectionParams = z.object({ collectionId: pathString("collectionId") });

/** Official CollectionTitle: at most 50 characters (we also refuse a blank title). */
const CollectionTitle = z.string().trim().min(1).max(50);

/** Official CollectionDescription: 0 to 100 characters. */
const CollectionDescription = z.string().max(100);

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

/** Official ContentPosition: before or after a sibling space or collection. */
const ContentPosition = beforeOrAfter(Pointer);

/** Body of a collection or space move: official `parent` (null: top level) and `position`. */
export function moveBody(item: "collection" | "space") {
  const body = z
    .object({
      parent: entityId.nullable().optional().openapi({
        description:
          "The unique id of the parent collection; null for the top level; omitted: unchanged",
      }),
      position: ContentPosition.optional().openapi({
        description: `Where to move the ${item}. By default, it will be moved at the end.`,
      }),
    })
    .strict();
  return propertyCount(body, { min: 1 }, "give parent, position or both");
}

/** Body of a collection move. */
export const MoveCollectionBody = moveBody("collection");

/** Body of a transfer to another organization (a collection's; a space's too). */
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
    permissions: permissionsOf("view", "admin", "viewInviteLinks", "create"),
  })
  .openapi("Collection");

/** The Collection object's TypeScript type. */
export type Collection = z.infer<typeof CollectionSchema>;
