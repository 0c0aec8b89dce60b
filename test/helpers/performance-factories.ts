import { pageVersions } from "../../src/db/schema";
import { keyBetween } from "../../src/lib/position";
import { newId } from "../../src/lib/ids";
import { testDb } from "./factories";

/**
 * Seeds `count` pages onto a space's main line in the bench's shape: root "group" pages of up to
 * 100 children each, so sibling lists stay bounded while the space grows. Straight SQL, 4 rows
 * per statement (D1's 100 bound parameters), one batch. Returns the ids of the child pages.
 */
export async function seedGroupedPages(
  space: { mainLineId: string; mainSeq: number },
  count: number,
): Promise<string[]> {
  const now = new Date().toISOString();
  const rows: (typeof pageVersions.$inferInsert)[] = [];
  const children: string[] = [];
  let rootPosition: string | null = null;
  let childPosition: string | null = null;
  let group = "";
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) {
      group = newId();
      rootPosition = keyBetween(rootPosition, null);
      childPosition = null;
      rows.push(row(space, group, null, rootPosition, `Group ${i / 100}`, `group-${i / 100}`, now));
    }
    const id = newId();
    childPosition = keyBetween(childPosition, null);
    rows.push(row(space, id, group, childPosition, `Page ${i}`, `page-${i}`, now));
    children.push(id);
  }
  const db = testDb();
  const inserts = [];
  for (let i = 0; i < rows.length; i += 4)
    inserts.push(db.insert(pageVersions).values(rows.slice(i, i + 4)));
  const [first, ...rest] = inserts;
  if (first) await db.batch([first, ...rest]);
  return children;
}

function row(
  space: { mainLineId: string; mainSeq: number },
  pageId: string,
  parentId: string | null,
  position: string,
  title: string,
  slug: string,
  now: string,
): typeof pageVersions.$inferInsert {
  return {
    lineId: space.mainLineId,
    pageId,
    fromSeq: space.mainSeq,
    toSeq: null,
    kind: "document",
    parentId,
    position,
    title,
    slug,
    documentHash: null,
    createdAt: now,
    updatedAt: now,
  };
}
