import { describe, expect, it } from "vitest";
import { parseMarkdown, renderMarkdown } from "../../../core/document";
import { REALISTIC_PAGE } from "./fixtures";

/** About `size` characters of distinct copies of the realistic page. */
function bigPage(size: number): string {
  let page = "";
  for (let i = 0; page.length < size; i++) {
    page += `${REALISTIC_PAGE.replace("# Getting started", `## Part ${i}`)}\n`;
  }
  return page;
}

/** How fast (and linear on blockquotes): bench/render.mjs (`npm run bench:render`). */
describe("large pages", () => {
  it("parses and renders a 200 KB page", { timeout: 180_000 }, () => {
    const page = bigPage(200_000);
    const markdown = renderMarkdown(parseMarkdown(page).document);
    expect(markdown.length).toBeGreaterThan(190_000);
  });

  it("parses 8,000 blockquotes, each its own", { timeout: 180_000 }, () => {
    const { document } = parseMarkdown("> quoted line of text\n\n".repeat(8_000));
    expect(document.nodes.filter((n) => n.type === "blockquote")).toHaveLength(8_000);
  });
});
