import { describe, expect, it, beforeAll } from "vitest";
import { renderMarkdown, JPEG_1X1, makePng, downloadPdf } from "../helpers/pdf-factories";
import {
  expectInOrder,
  pdfLinks,
  pdfOutline,
  pdfPages,
  pdfText,
  pdfImageCounts,
} from "../helpers/pdf-text";
import { as } from "../helpers/api";
import { commitChanges } from "../helpers/content-factories";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { glyphWidth, type Metrics } from "../../src/pdf/metrics";
import {
  winAnsiByte,
  winAnsiChar,
  REPLACEMENT,
  toWinAnsi,
  winAnsiHex,
} from "../../src/pdf/winansi";
import { emptyStorage } from "../helpers/storage";

describe("render", () => {
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
        {
          id: "a",
          title: "Emoji 🚀 title",
          markdown: "Ünïcode “quotes” — ok 漢字 and 👩‍💻 done ő\n",
        },
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
});

describe("render-blocks", () => {
  beforeAll(emptyStorage);
  describe("renderPdf: images and blocks of other types", () => {
    it("embeds PNG and JPEG files and captions the images it cannot embed", async () => {
      const png = await makePng(30, 10);
      const file = (fileId: string, contentType: string, size: number) => ({
        fileId,
        name: `${fileId}.bin`,
        contentType,
        size,
        hash: fileId,
      });
      const image = (ref: unknown, caption?: string) => ({
        object: "block",
        type: "images",
        key: "k",
        nodes: [
          {
            object: "block",
            type: "image",
            key: "i",
            isVoid: true,
            data: { ref, alt: "alt text" },
            fragments: caption
              ? [
                  {
                    object: "fragment",
                    fragment: "caption",
                    nodes: [
                      {
                        object: "block",
                        type: "paragraph",
                        nodes: [
                          {
                            object: "text",
                            leaves: [{ object: "leaf", text: caption, marks: [] }],
                          },
                        ],
                      },
                    ],
                  },
                ]
              : [],
          },
        ],
      });
      const document = {
        object: "document",
        data: {},
        nodes: [
          image({ kind: "file", file: "png" }, "A PNG caption"),
          image({ kind: "file", file: "jpg" }),
          image({ kind: "file", file: "png" }),
          image({ kind: "file", file: "gif" }),
          image({ kind: "file", file: "gone" }),
          image({ kind: "url", url: "https://example.com/a.png" }),
          image({ kind: "file", file: "fake" }),
        ],
      };
      const bytes = await renderMarkdown(
        [{ id: "a", title: "Images", document }],
        [
          { file: file("png", "image/png", png.length), bytes: png },
          { file: file("jpg", "image/jpeg", JPEG_1X1.length), bytes: JPEG_1X1 },
          { file: file("gif", "image/gif", 10), bytes: new Uint8Array(10) },
          { file: file("fake", "image/png", 10), bytes: new Uint8Array(10) },
        ],
      );
      expect(await pdfImageCounts(bytes)).toEqual([0, 2]);
      const text = await pdfText(bytes);
      expectInOrder(text, [
        "A PNG caption",
        "[Image: alt text: only PNG and JPEG images are embedded]",
        "[Image: alt text: not found in this revision]",
        "[Image: alt text]",
        "[Image: alt text: not a PNG or JPEG]",
      ]);
    });

    it("renders unknown blocks' text and survives malformed bodies", async () => {
      const leaf = (text: string) => ({
        object: "text",
        leaves: [{ object: "leaf", text, marks: [] }],
      });
      const para = (text: string) => ({ object: "block", type: "paragraph", nodes: [leaf(text)] });
      const document = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "tabs",
            nodes: [
              {
                object: "block",
                type: "tabs-item",
                data: { title: "Tab one" },
                nodes: [para("Tab body")],
              },
            ],
          },
          {
            object: "block",
            type: "expandable",
            fragments: [{ object: "fragment", fragment: "title", nodes: [para("More")] }],
          },
          { object: "block", type: "math", data: { formula: "E = mc^2" } },
          { object: "block", type: "hint", data: { style: "danger" }, nodes: [para("Careful")] },
          "junk",
          { object: "block", type: "paragraph", nodes: "not an array" },
        ],
      };
      const bytes = await renderMarkdown([
        { id: "a", title: "Odd", document },
        { id: "b", title: "Broken", document: "{not json" },
      ]);
      expectInOrder(await pdfText(bytes), [
        "Tab one",
        "Tab body",
        "More",
        "E = mc^2",
        "Careful",
        "Broken",
      ]);
    });
  });
});

describe("adaptive", () => {
  beforeAll(emptyStorage);
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
      const visitor = await pdfText(
        (await downloadPdf(d.token, `/spaces/${d.space.id}/pdf`)).bytes,
      );
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
});

describe("metrics", () => {
  const FONTS: [StandardFonts, Metrics][] = [
    [StandardFonts.Helvetica, "regular"],
    [StandardFonts.HelveticaOblique, "regular"],
    [StandardFonts.HelveticaBold, "bold"],
    [StandardFonts.HelveticaBoldOblique, "bold"],
    [StandardFonts.Courier, "mono"],
    [StandardFonts.CourierBold, "mono"],
  ];

  describe("standard font metrics", () => {
    it("match pdf-lib's Adobe metrics for every WinAnsi character of the six fonts", async () => {
      const doc = await PDFDocument.create();
      const chars: string[] = [];
      for (let byte = 0x20; byte <= 0xff; byte++) {
        const char = winAnsiChar(byte);
        if (winAnsiByte(char.codePointAt(0)!) === byte) chars.push(char);
      }
      expect(chars).toHaveLength(218);
      for (const [font, metrics] of FONTS) {
        const embedded = await doc.embedFont(font);
        for (const char of chars) {
          const width = glyphWidth(metrics, char.charCodeAt(0));
          expect([font, char, width]).toEqual([font, char, embedded.widthOfTextAtSize(char, 1000)]);
        }
      }
    });
  });
});

describe("winansi", () => {
  describe("WinAnsi text", () => {
    it("accepts exactly what pdf-lib's standard fonts encode, and maps bytes back", async () => {
      const doc = await PDFDocument.create();
      const fonts = await Promise.all(
        [StandardFonts.Helvetica, StandardFonts.CourierBold].map((f) => doc.embedFont(f)),
      );
      let accepted = 0;
      for (let point = 0; point < 0x3000; point++) {
        const byte = winAnsiByte(point);
        if (byte === undefined) continue;
        accepted++;
        const ch = String.fromCodePoint(point);
        for (const font of fonts) expect(() => font.encodeText(ch), ch).not.toThrow();
        expect(winAnsiChar(byte)).toBe(ch);
        expect(winAnsiHex(ch)).toBe(fonts[0]!.encodeText(ch).toString().toLowerCase());
      }
      expect(accepted).toBe(218);
    });

    it("substitutes look-alikes, strips accents it lacks and replaces the rest", () => {
      expect(toWinAnsi("plain text")).toBe("plain text");
      expect(toWinAnsi("a → b ≤ c − d\tend")).toBe("a -> b <= c - d    end");
      expect(toWinAnsi("Łódź ő ﬁne e\u0301")).toBe("Lódz o fine é");
      expect(toWinAnsi("漢字 🚀 👩‍💻 🇫🇷 👍🏽!")).toBe(`${REPLACEMENT.repeat(2)} ? ? ? ?!`);
      expect(toWinAnsi("zero\u200bwidth\u00a0nbsp\u2003em")).toBe("zerowidth\u00a0nbsp em");
      expect(toWinAnsi("bell\u0007 line\nbreak")).toBe("bell line\nbreak");
    });

    it("never yields a character the fonts cannot encode", () => {
      let sample = "";
      for (let point = 0; point < 0x11000; point += 7) {
        if (point >= 0xd800 && point < 0xe000) continue;
        sample += String.fromCodePoint(point);
      }
      for (const ch of toWinAnsi(sample)) {
        if (ch !== "\n") expect(winAnsiByte(ch.codePointAt(0)!), ch).toBeDefined();
      }
    });
  });
});
