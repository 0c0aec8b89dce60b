import { newId } from "../../src/lib/ids";
import { seedPageRows, type SeedPage } from "./page-rows";

/**
 * Seeds `count` pages onto a space's main line in the bench's shape: root "group" pages of up to
 * 100 children each, so sibling lists stay bounded while the space grows. Returns the ids of the
 * child pages.
 */
export async function seedGroupedPages(
  space: { mainLineId: string; mainSeq: number },
  count: number,
): Promise<string[]> {
  const pages: SeedPage[] = [];
  const children: string[] = [];
  let group = "";
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) {
      group = newId();
      pages.push({ pageId: group, title: `Group ${i / 100}`, slug: `group-${i / 100}` });
    }
    const pageId = newId();
    pages.push({ pageId, parentId: group, title: `Page ${i}`, slug: `page-${i}` });
    children.push(pageId);
  }
  await seedPageRows(space, pages);
  return children;
}
