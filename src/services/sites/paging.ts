import { z } from "zod";

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Structure rows compared in creation order: (createdAt, position, id). */
function creationOrder(a: CreatedRow, b: CreatedRow) {
  return (
    compare(a.createdAt, b.createdAt) || compare(a.position, b.position) || compare(a.id, b.id)
  );
}

/** What the structure lists page on. */
export interface CreatedRow {
  createdAt: string;
  position: string;
  id: string;
}

/** The cursor key schema of the structure lists: (createdAt, position, id). */
export const creationKeySchema = z.tuple([z.string(), z.string(), z.string()]);

/** A keyset position in creation order. */
export type CreationKey = z.infer<typeof creationKeySchema>;

/** The cursor key of a row in creation order. */
export function creationKey(row: CreatedRow): CreationKey {
  return [row.createdAt, row.position, row.id];
}

/**
 * One page (limit + 1 rows, for a list's `page`) of in-memory structure rows in creation order
 * (createdAt, then position so rows made together keep their order, then id), strictly after a
 * cursor key: the structure lists page the loaded tree.
 */
export function pageByCreation<T extends CreatedRow>(
  rows: readonly T[],
  limit: number,
  after?: CreationKey,
): T[] {
  const sorted = [...rows].sort(creationOrder);
  if (!after) return sorted.slice(0, limit + 1);
  const [createdAt, position, id] = after;
  const at = { createdAt, position, id };
  return sorted.filter((r) => creationOrder(r, at) > 0).slice(0, limit + 1);
}
