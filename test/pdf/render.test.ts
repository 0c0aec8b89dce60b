import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../helpers/pdf-factories";
import { expectInOrder, pdfLinks, pdfOutline, pdfPages, pdfText } from "../helpers/pdf-text";

const RICH = `Intro with **bold**, *italic*, \`inline code\` and ~~gone~~ words.

# First heading

Paragraph under the first heading.

## Second heading

- apple
- banana
  - nested cherry
1. one
2. two

- [x] done task
- [ ] open task

\`\`\`js
const answer = 42;
\`\`\`

> Quoted wisdom.

| Name | Count |
| --- | ---: |
| alpha | 1 |
| beta | 22 |

---

Last paragraph.
`;

describe("renderPdf", () => {
  it("draws a title page, then every page in tree order with its blocks in document order", async () => {
    const bytes = await renderMarkdown([
      {
        id: "a",
        title: "Alpha page",
        description: "What alpha is",
        markdown: RICH,
        children: [{ id: "b", title: "Beta child", markdown: "Beta body.\n" }],
      },
      {
        id: "g",
        title: "Gamma group",
        kind: "group",
        children: [{ id: "d", title: "Delta", markdown: "Delta body.\n" }],
      },
      { id: "l", title: "A link page", kind: "link" },
    ]);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pages = await pdfPages(bytes);
    expect(pages[0]).toContain("Test space");
    expect(pages[0]).toContain("Change request #1: Test");
    const text = await pdfText(bytes);
    expectInOrder(text, [
      "Test space",
      "Alpha page",
      "What alpha is",
      "Intro with bold, italic, inline code and gone words.",
      "First heading",
      "Paragraph under the first heading.",
      "Second heading",
      "\u2022apple",
      "\u2022banana",
      "nested cherry",
      "1.one",
      "2.two",
      "[x]done task",
      "[ ]open task",
      "const answer = 42;",
      "Quoted wisdom.",
      "Name",
      "Count",
      "alpha",
      "1",
      "beta",
      "22",
      "Last paragraph.",
      "Beta child",
      "Beta body.",
      "Gamma group",
      "Delta",
      "Delta body.",
    ]);
    expect(text).not.toContain("A link page");
  });

  it("starts each page on a new sheet (a group shares its sheet with its first subpage) and numbers the sheets", async () => {
    const bytes = await renderMarkdown([
      { id: "a", title: "One", markdown: "First.\n" },
      {
        id: "g",
        title: "Group",
        kind: "group",
        children: [{ id: "b", title: "Two", markdown: "Second.\n" }],
      },
    ]);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(3);
    expect(pages[1]).toMatch(/^One\nFirst\.\n2 \/ 3$/);
    expect(pages[2]).toMatch(/^Group\nTwo\nSecond\.\n3 \/ 3$/);
    expect(pages[0]).not.toContain("/ 3");
  });

  it("wraps long paragraphs and words inside the margins and paginates long pages", async () => {
    const long = "word ".repeat(3000);
    const bytes = await renderMarkdown([
      { id: "a", title: "Long", markdown: `${long}\n\n${"x".repeat(400)}\n\nThe end.\n` },
    ]);
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(4);
    const lines = pages.slice(1).flatMap((p) => p.split("\n"));
    const wordLines = lines.filter((l) => l.startsWith("word"));
    expect(wordLines.length).toBeGreaterThan(100);
    // A4 at 10.5 pt Helvetica fits about 90–100 characters: every line was wrapped.
    for (const line of lines) expect(line.length).toBeLessThan(110);
    expect(lines.filter((l) => /^x+$/.test(l)).join("")).toBe("x".repeat(400));
    expect(pages.at(-1)).toContain("The end.");
    expect(pages.at(-1)).toContain(`${pages.length} / ${pages.length}`);
  });

  it("never throws on characters the standard fonts lack: emoji and CJK become '?'", async () => {
    const bytes = await renderMarkdown([
      { id: "a", title: "Emoji 🚀 title", markdown: "Ünïcode “quotes” — ok 漢字 and 👩‍💻 done ő\n" },
    ]);
    const text = await pdfText(bytes);
    expect(text).toContain("Emoji ? title");
    expect(text).toContain("Ünïcode “quotes” — ok ?? and ? done o");
    const outline = await pdfOutline(bytes);
    expect(outline[0]?.title).toBe("Emoji 🚀 title");
  });

  it("writes bookmarks: pages nested as in the tree, with their headings", async () => {
    const bytes = await renderMarkdown([
      {
        id: "a",
        title: "Alpha",
        markdown: "# H1 one\n\n## H2 under one\n\n### H3 ignored\n\n# H1 two\n",
        children: [{ id: "b", title: "Beta", markdown: "Body.\n" }],
      },
      { id: "c", title: "Gamma", markdown: "Body.\n" },
    ]);
    const outline = await pdfOutline(bytes);
    const shape = (items: typeof outline): unknown =>
      items.map((i) => [i.title, i.page, ...(i.children.length ? [shape(i.children)] : [])]);
    expect(shape(outline)).toEqual([
      [
        "Alpha",
        1,
        [
          ["H1 one", 1, [["H2 under one", 1]]],
          ["H1 two", 1],
          ["Beta", 2],
        ],
      ],
      ["Gamma", 3],
    ]);
  });

  it("links URLs and pages of the PDF; other schemes stay plain text", async () => {
    const bytes = await renderMarkdown([
      {
        id: "a",
        title: "A",
        markdown:
          "See [site](https://example.com/x?y=1), [B](/pages/b), [js](javascript:alert(1)).\n",
      },
      { id: "b", title: "B page", markdown: "Target.\n" },
    ]);
    const links = await pdfLinks(bytes);
    expect(links).toEqual([
      { page: 1, uri: "https://example.com/x?y=1" },
      { page: 1, target: 2 },
    ]);
  });
});
