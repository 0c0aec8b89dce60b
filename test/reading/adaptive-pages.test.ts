import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { commitChanges } from "../helpers/content-factories";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";

/**
 * Issue 34, finding 6 (a): on an adaptive site, a page whose condition fails for the visitor
 * hides its whole subtree. "Introduction" is gated on `visitor.claims.admin`; its child
 * "Install" has no condition of its own, and is edited in the revision read, so the revision's
 * changes would name it.
 */
async function gatedDocs() {
  const d = await publishedDocs({ adaptive: true });
  const intro = d.pages.get("Introduction")!.pageId;
  const install = d.pages.get("Install")!.pageId;
  const merged = await commitChanges(d.space.id, d.owner.user.id, [
    { operation: "update_page", page: intro, condition: "visitor.claims.admin" },
    { operation: "update_page", page: install, title: "Install secretly" },
  ]);
  const token = await siteTokenFor(siteUrl(d.site.id));
  const space = `/spaces/${d.space.id}`;
  const rev = `${space}/revisions/${merged.revision}`;
  return { ...d, intro, install, token, space, rev };
}

/** Every read of a page by id or path, at main's head and at a revision. */
function pageReads(g: Awaited<ReturnType<typeof gatedDocs>>) {
  return [
    `${g.space}/content/page/${g.install}`,
    `${g.space}/content/page/${g.install}?format=markdown`,
    `${g.space}/content/page/${g.install}/meta-links`,
    `${g.space}/content/path/introduction%2Finstall`,
    `${g.space}/content/path/introduction%2Finstall?format=markdown`,
    `${g.rev}/page/${g.install}`,
    `${g.rev}/page/${g.install}?format=markdown`,
    `${g.rev}/page/${g.install}/document`,
    `${g.rev}/path/introduction%2Finstall`,
  ];
}

describe("adaptive pages under a hidden ancestor (issue 34, finding 6a)", () => {
  it("answers 404 for a gated page's child by id, path, markdown and revision", async () => {
    const g = await gatedDocs();
    for (const path of pageReads(g)) {
      const res = await as(g.token).get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(404);
      expect(res.text).not.toContain("Install");
    }
    // The owner reads it.
    for (const path of pageReads(g)) {
      expect((await as(g.owner.token).get(path)).status, path).toBe(200);
    }
  });

  it("leaves the gated subtree out of the tree and of the revision's changes", async () => {
    const g = await gatedDocs();
    for (const path of [`${g.space}/content`, `${g.space}/content/pages`, `${g.rev}/pages`]) {
      const res = await as(g.token).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(g.install);
      expect(res.text, path).not.toContain(g.intro);
    }
    const changes = await as(g.token).get(`${g.rev}/changes`);
    expect(changes.status, changes.text).toBe(200);
    expect(changes.body.changes).toEqual([]);
    const owner = await as(g.owner.token).get(`${g.rev}/changes`);
    expect(owner.body.changes.map((c: { page: { id: string } }) => c.page.id)).toEqual([g.install]);
  });
});
