import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";
import { readerFetch } from "../reader/helpers";
import { commitIndexed } from "../search/fixtures";

/** A paragraph block of `text`. */
const paragraph = (text: string) => ({
  object: "block",
  type: "paragraph",
  nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
});

/** GitBook's `if` block: its blocks show to visitors whose claims satisfy `expression`. */
const ifBlock = (expression: string, text: string) => ({
  object: "block",
  type: "if",
  data: { expression },
  nodes: [paragraph(text)],
});

/**
 * Issue 34, finding 6 (b): an adaptive site whose "Guide" page holds an `if` block for admins
 * (nested in another for good measure) and one that holds for every visitor.
 */
async function docsWithIfBlocks() {
  const d = await publishedDocs({ adaptive: true });
  const guide = d.pages.get("Guide")!.pageId;
  const document = {
    object: "document",
    data: {},
    nodes: [
      paragraph("Everyone reads this."),
      ifBlock("visitor.claims.admin", "Admins only: the vault code."),
      {
        ...ifBlock("!visitor.claims.admin", "Shown to visitors who are not admins."),
        nodes: [
          paragraph("Shown to visitors who are not admins."),
          ifBlock("visitor.claims.admin === true", "Nested secret."),
        ],
      },
    ],
  };
  const merged = await commitIndexed(d.space.id, d.owner, [
    { operation: "update_page", page: guide, document: { document } },
  ]);
  const token = await siteTokenFor(siteUrl(d.site.id));
  const space = `/spaces/${d.space.id}`;
  return { ...d, guide, token, space, rev: `${space}/revisions/${merged.revision}` };
}

const SECRETS = ["vault code", "Nested secret"];

describe("`if` blocks for a site visitor (issue 34, finding 6b)", () => {
  it("leaves the failing blocks out of the API's document and markdown", async () => {
    const d = await docsWithIfBlocks();
    const reads = [
      `${d.space}/content/page/${d.guide}`,
      `${d.space}/content/page/${d.guide}?format=markdown`,
      `${d.space}/content/path/guide?format=markdown`,
      `${d.space}/content/pages`,
      `${d.rev}/page/${d.guide}/document`,
      `${d.rev}/page/${d.guide}?format=markdown`,
      `${d.rev}/pages`,
    ];
    for (const path of reads) {
      const res = await as(d.token).get(path);
      expect(res.status, path).toBe(200);
      for (const secret of SECRETS) expect(res.text, path).not.toContain(secret);
      expect(res.text, path).toContain("Everyone reads this.");
      expect(res.text, path).toContain("Shown to visitors who are not admins.");
    }
    // A member reads the whole document.
    const owner = await as(d.owner.token).get(`${d.space}/content/page/${d.guide}?format=markdown`);
    for (const secret of SECRETS) expect(owner.text).toContain(secret);
  });

  it("leaves them out of the reader's page, its markdown twin and llms-full.txt", async () => {
    const d = await docsWithIfBlocks();
    for (const path of ["guide", "guide.md", "llms-full.txt"]) {
      const res = await readerFetch(siteUrl(d.site.id, path));
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain("Everyone reads this.");
      for (const secret of SECRETS) expect(res.text, path).not.toContain(secret);
    }
  });

  it("does not find a page by the text of an `if` block through site search", async () => {
    const d = await docsWithIfBlocks();
    const search = (token: string, query: string) =>
      as(token).post(`/orgs/${d.org.id}/sites/${d.site.id}/search`, { query, mode: "all" });
    const hidden = await search(d.token, "vault");
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.text).not.toContain("vault");
    expect(hidden.text).not.toContain(d.guide);
    expect((await search(d.owner.token, "vault")).text).toContain(d.guide);
  });
});
