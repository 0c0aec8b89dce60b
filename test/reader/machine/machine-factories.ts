import { commitChanges, makeContentSpace } from "../../helpers/content-factories";
import { publishedDocs } from "../../helpers/reading-factories";
import { makeSite } from "../../helpers/sites-factories";

/**
 * Published sites the machine-address tests read: `publishedDocs` with its "Guide" hidden, and
 * a site of two site spaces (the docs, then a "Reference" space with "Types" and "Errors").
 */

/** `publishedDocs()` whose "Guide" page is hidden from navigation (still readable by URL). */
export async function docsWithHiddenGuide() {
  const d = await publishedDocs();
  await commitChanges(d.space.id, d.owner.user.id, [
    { operation: "update_page", page: d.pages.get("Guide")!.pageId, hidden: true },
  ]);
  return d;
}

/** A public site showing the docs and a second space, "Reference". */
export async function twoSpaceSite() {
  const d = await publishedDocs();
  const reference = await makeContentSpace(d.org.id, d.owner, "Reference");
  await commitChanges(reference.id, d.owner.user.id, [
    { operation: "insert_page", title: "Types", document: { markdown: "Every type.\n" } },
    { operation: "insert_page", title: "Errors", document: { markdown: "Every error.\n" } },
  ]);
  const site = await makeSite(d.org.id, d.owner, {
    spaces: [{ id: d.space.id }, { id: reference.id }],
    published: true,
    visibility: "public",
  });
  return { ...d, site, reference };
}
