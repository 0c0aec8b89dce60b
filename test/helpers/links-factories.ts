import { documents } from "../../src/db/schema";
import { documentLinkStatements } from "../../src/content/links";
import { storeable } from "../../src/content/documents";
import { parseMarkdown } from "../../core/document";
import { makeMember, makeOrg, testDb } from "./factories";
import { seedPageRows } from "./page-rows";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  reloadSpace,
  seedMainFile,
} from "./content-factories";

/** The app base URL of the tests (vitest.config.ts `PUBLIC_APP_URL`). */
export const APP_URL = "https://app.quire.test";

/**
 * A space whose main content has a page "Target" and a page "Source" linking to it in every
 * form (page, anchor in it, a file, a local anchor, an external URL, an in-app URL, a page that
 * does not exist), plus "Gallery" showing the file as an image. Returns the ids and a reader.
 */
export async function linkedSpace() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const space = await makeContentSpace(org.id, owner);
  const file = await seedMainFile(space.id, {
    name: "logo.png",
    contentType: "image/png",
    bytes: new Uint8Array([137, 80, 78, 71, 9]),
  });
  await commitChanges(space.id, owner.user.id, [
    { operation: "insert_page", title: "Target", document: { markdown: "# Part\n\nLinked.\n" } },
  ]);
  const target = (await mainPagesByTitle(space.id)).get("Target")!.pageId;
  const source = [
    `See [the target](/pages/${target}) and [its part](/pages/${target}#part).`,
    `The [logo](/files/${file.fileId}), [below](#below), [example](https://example.com/a),`,
    `[the app](${APP_URL}/s/elsewhere) and [nothing](/pages/nope).`,
    `Again [the target](/pages/${target}).`,
    "",
  ].join("\n");
  await commitChanges(space.id, owner.user.id, [
    { operation: "insert_page", title: "Source", document: { markdown: source } },
    {
      operation: "insert_page",
      title: "Gallery",
      document: { markdown: `![logo](/files/${file.fileId})\n` },
    },
  ]);
  const pages = await mainPagesByTitle(space.id);
  return {
    org,
    owner,
    reader,
    space: await reloadSpace(space.id),
    target,
    source: pages.get("Source")!.pageId,
    gallery: pages.get("Gallery")!.pageId,
    fileId: file.fileId,
  };
}

/**
 * Seeds `count` root pages straight onto the space's main line at its head, all carrying one
 * stored body (with its link rows) written from `markdown`: for size-independence measures.
 */
export async function seedLinkedPages(spaceId: string, count: number, markdown: string) {
  const db = testDb();
  const space = await reloadSpace(spaceId);
  const doc = await storeable(parseMarkdown(markdown).document);
  await db.batch([
    db.insert(documents).values({ hash: doc.hash, body: doc.body }).onConflictDoNothing(),
    ...documentLinkStatements(db, [doc]),
  ]);
  const pages = Array.from({ length: count }, (_, i) => ({
    title: `Page ${i}`,
    slug: `page-${i}`,
    documentHash: doc.hash,
  }));
  return (await seedPageRows(space, pages)).map((r) => r.pageId!);
}
