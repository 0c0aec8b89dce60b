import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { commitChanges } from "../helpers/content-factories";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";
import { readerFetch } from "../reader/helpers";

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
  const merged = await commitChanges(d.space.id, d.owner.user.id, [
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
});
