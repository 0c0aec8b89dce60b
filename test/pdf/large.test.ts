import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../core/document";
import { as, d1Cost } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeContentSpace, proposeChanges } from "../helpers/content-factories";
import { downloadPdf, paragraphBody, seedPagesWithBodies } from "../helpers/pdf-factories";
import { pdfOutline, pdfPages } from "../helpers/pdf-text";

/** A chapter of realistic size: headings, paragraphs, a list, code and a table (≈ 3 KB of text). */
function chapter(i: number): string {
  const paragraph = `Chapter ${i} explains one part of the system in plain words. `.repeat(8);
  return [
    `Opening of chapter ${i}. ${paragraph}`,
    `# Concepts of ${i}`,
    paragraph,
    "- first point with **bold** text\n- second point with `code`\n- third point with a [link](https://example.com)",
    `## Example ${i}`,
    "```ts\n" + `const value${i} = compute(${i});\nconsole.log(value${i});\n`.repeat(4) + "```",
    "| Key | Value |\n| --- | --- |\n" + `| k${i} | v${i} |\n`.repeat(6),
    `> Note for chapter ${i}: ${paragraph}`,
    `Closing of chapter ${i}.`,
  ].join("\n\n");
}

describe("a large change request", () => {
  it("renders 300 pages inside the Worker, in order, with every page bookmarked", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner, "Big manual");
    await seedPagesWithBodies(space.id, 300, (i) =>
      JSON.stringify(parseMarkdown(chapter(i), {}).document),
    );
    const cr = await proposeChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Appendix", document: { markdown: "The last words.\n" } },
    ]);
    const started = Date.now();
    const res = await as(owner.token).get(`/spaces/${space.id}/change-requests/${cr.id}/pdf`);
    const elapsed = Date.now() - started;
    expect(res.status, res.text).toBe(200);
    expect(d1Cost(res).roundTrips).toBe(2);
    const { bytes } = await downloadPdf(
      owner.token,
      `/spaces/${space.id}/change-requests/${cr.id}/pdf`,
    );
    const pages = await pdfPages(bytes);
    console.log(
      `PDF of 301 pages: ${pages.length} sheets, ${(bytes.length / 1024).toFixed(0)} KiB, rendered in ${elapsed} ms (workerd, test run)`,
    );
    const text = pages.join("\n");
    let at = -1;
    for (let i = 0; i < 300; i++) {
      const found = text.indexOf(`Closing of chapter ${i}.`, at + 1);
      expect(found, `chapter ${i}`).toBeGreaterThan(at);
      at = found;
    }
    expect(text.indexOf("The last words.")).toBeGreaterThan(at);
    const outline = await pdfOutline(bytes);
    const count = (items: typeof outline): number =>
      items.reduce((n, i) => n + 1 + count(i.children), 0);
    // 301 pages, each chapter with a heading-1 and a heading-2 bookmark.
    expect(count(outline)).toBe(301 + 600);
    expect(pages.at(-1)).toContain(`${pages.length} / ${pages.length}`);
  }, 120_000);

  it("refuses a selection over the documents' size bound, and still renders a part of it", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner, "Huge");
    // 6 pages of ≈ 1.5 Mi characters each: over MAX_BODY_CHARS together, not one by one.
    const big = (i: number) => paragraphBody(`${i} ${"lorem ipsum ".repeat(130_000)}`);
    const rows = await seedPagesWithBodies(space.id, 7, (i) =>
      i === 6 ? paragraphBody("Small page.") : big(i),
    );
    const path = `/spaces/${space.id}/pdf`;
    const res = await as(owner.token).get(path);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /^query\.page: this content has more than 8 MB of documents/,
    );
    const small = rows[6]!.pageId;
    const part = await downloadPdf(owner.token, path, { page: small, only: "true" });
    expect((await pdfPages(part.bytes))[1]).toContain("Small page.");
  }, 120_000);
});
