import { and, asc, desc, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { collections, spaces } from "../../db/schema/index";
import { conflict, RefusedValue, UnknownReference } from "../../lib/errors";
import { keyAfterLast, keyBeside, type Side } from "./position";

/** The kinds of item in the content tree (collections and the spaces in them). */
export type TreeKind = "space" | "collection";

/** Official SpacePointer or CollectionPointer: the sibling a moved item goes next to. */
type TreePointer = { type: "space"; space: string } | { type: "collection"; collection: string };

/** Official ContentPosition of a move: before or after one sibling (exactly one is given). */
export interface TreePosition {
  before?: TreePointer;
  after?: TreePointer;
}

/** A sibling as the ordering reads it. */
export interface Sibling {
  id: string;
  position: string;
}

/**
 * The sibling on the far side of a move's gap, as a statement: among the rows of `table` that
 * `siblings` selects, the closest before (`before`) or after the (position, id) key `at`, or the
 * last one without `at`.
 */
export function neighbourQuery(
  db: Database,
  table: typeof spaces | typeof collections,
  siblings: SQL | undefined,
  at: SQL | null,
  before: boolean,
) {
  const key = sql`(${table.position}, ${table.id})`;
  return db
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(and(siblings, at ? (before ? sql`${key} < ${at}` : sql`${key} > ${at}`) : undefined))
    .orderBy(
      before ? desc(table.position) : asc(table.position),
      before ? desc(table.id) : asc(table.id),
    )
    .limit(1);
}

/** The side and the pointed id of a move's `position` (no pointer: to the end of the level). */
export function pointerOf(kind: TreeKind, position: TreePosition | undefined) {
  const side: Side = position?.before ? "before" : "after";
  const pointer = position?.before ?? position?.after;
  const id = pointer?.type === "space" ? pointer.space : pointer?.collection;
  return { side, pointer, id: pointer?.type === kind ? id! : null };
}

/** The 400 for a pointer (at body field `field`) at the other kind of item. */
const WRONG_KIND: Record<TreeKind, (field: string) => Error> = {
  space: (field) =>
    new RefusedValue(`${field}.collection`, "spaces are ordered among spaces; point at a space"),
  collection: (field) =>
    new UnknownReference(`${field}.space`, "no such space in the target parent"),
};

/**
 * The one ordering rule of moves in the content tree: the sort key of `item` moved into the
 * parent `to` at `position`. `pointed` looks up the pointed item (undefined or null: absent,
 * invisible or not a live item of that organization); `neighbour` is the sibling on the far side
 * of the gap (the last sibling of `to` without a pointer). 400 for a pointer at the wrong kind,
 * at the item itself or outside `to`; 409 when the item is already there or when concurrent
 * writes left no room between the two keys.
 */
export function treeMoveKey(
  kind: TreeKind,
  input: {
    item: { id: string };
    to: string | null;
    position: TreePosition | undefined;
    pointed: (id: string) => { parentId: string | null; position: string } | null | undefined;
    neighbour: Sibling | undefined;
  },
): string {
  const { side, pointer } = pointerOf(kind, input.position);
  const next = input.neighbour;
  if (!pointer) {
    if (next?.id === input.item.id) throw conflict(`The ${kind} is already last in that parent`);
    return keyAfterLast(next?.position ?? null);
  }
  const field = `position.${side}`;
  if (pointer.type !== kind) throw WRONG_KIND[kind](field);
  const id = pointer.type === "space" ? pointer.space : pointer.collection;
  if (id === input.item.id) {
    throw new RefusedValue(`${field}.${kind}`, `cannot position a ${kind} next to itself`);
  }
  const other = input.pointed(id);
  if (!other || other.parentId !== input.to) {
    throw new UnknownReference(`${field}.${kind}`, `not a ${kind} of the target parent`);
  }
  if (next?.id === input.item.id) throw conflict(`The ${kind} is already ${side} that ${kind}`);
  return keyBeside(other.position, side, next?.position ?? null, "conflict");
}
