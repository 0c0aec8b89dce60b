import { pageVersions } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { keyBetween } from "../../src/lib/position";
import { testDb } from "./factories";

/** A page row to seed: only what differs between seeds; the rest is a plain document page. */
export interface SeedPage {
  pageId?: string;
  parentId?: string | null;
  title: string;
  slug: string;
  documentHash?: string | null;
}

type Line = { mainLineId: string; mainSeq: number };

/**
 * Writes pages straight onto a space's main line at its head, for tests that need hundreds of
 * pages without going through the API: positions follow the given order within each parent,
 * 4 rows per statement (22 columns, under D1's 100 bound parameters), all in one batch.
 */
export async function seedPageRows(space: Line, pages: SeedPage[]) {
  const now = new Date().toISOString();
  const last = new Map<string | null, string | null>();
  const rows: (typeof pageVersions.$inferInsert)[] = pages.map((p) => {
    const parentId = p.parentId ?? null;
    const position = keyBetween(last.get(parentId) ?? null, null);
    last.set(parentId, position);
    return {
      lineId: space.mainLineId,
      pageId: p.pageId ?? newId(),
      fromSeq: space.mainSeq,
      toSeq: null,
      kind: "document",
      parentId,
      position,
      title: p.title,
      slug: p.slug,
      documentHash: p.documentHash ?? null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const db = testDb();
  const inserts = [];
  for (let i = 0; i < rows.length; i += 4)
    inserts.push(db.insert(pageVersions).values(rows.slice(i, i + 4)));
  const [first, ...rest] = inserts;
  if (first) await db.batch([first, ...rest]);
  return rows;
}
