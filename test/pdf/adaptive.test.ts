import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { commitChanges } from "../helpers/content-factories";
import { downloadPdf } from "../helpers/pdf-factories";
import { pdfText } from "../helpers/pdf-text";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";

/** A paragraph block of `text`. */
const paragraph = (text: string) => ({
  object: "block",
  type: "paragraph",
  nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
});

/**
 * Issue 34, finding 6 (c): an adaptive site whose "Introduction" (and so "Install", its child)
 * is for admins, and whose "Guide" holds an `if` block for admins.
 */
async function gatedPdfDocs() {
  const d = await publishedDocs({ adaptive: true });
  const document = {
    object: "document",
    data: {},
    nodes: [
      paragraph("Everyone reads the guide."),
      {
        object: "block",
        type: "if",
        data: { expression: "visitor.claims.admin" },
        nodes: [paragraph("Vault code for admins.")],
      },
    ],
  };
  await commitChanges(d.space.id, d.owner.user.id, [
    {
      operation: "update_page",
      page: d.pages.get("Introduction")!.pageId,
      condition: "visitor.claims.admin",
    },
    { operation: "update_page", page: d.pages.get("Install")!.pageId, title: "Install secretly" },
    { operation: "update_page", page: d.pages.get("Guide")!.pageId, document: { document } },
  ]);
  return { ...d, token: await siteTokenFor(siteUrl(d.site.id)) };
}

describe("the space PDF for a site visitor (issue 34, finding 6c)", () => {
  it("leaves out the pages and blocks the visitor's claims do not show", async () => {
    const d = await gatedPdfDocs();
    const visitor = await pdfText((await downloadPdf(d.token, `/spaces/${d.space.id}/pdf`)).bytes);
    expect(visitor).toContain("Everyone reads the guide.");
    expect(visitor).not.toContain("Install secretly");
    expect(visitor).not.toContain("Vault code");
    // A gated page asked for by id is a page that does not exist.
    const install = d.pages.get("Install")!.pageId;
    const res = await as(d.token).get(`/spaces/${d.space.id}/pdf`, { query: { page: install } });
    expect(res.status, res.text).toBe(404);
    // The owner's PDF has everything.
    const owner = await pdfText(
      (await downloadPdf(d.owner.token, `/spaces/${d.space.id}/pdf`)).bytes,
    );
    expect(owner).toContain("Install secretly");
    expect(owner).toContain("Vault code");
  });
});
