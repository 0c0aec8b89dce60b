import { describe, expect, it } from "vitest";
import {
  type DocumentCode,
  type DocumentHint,
  type DocumentImages,
  type DocumentListOrdered,
  type DocumentListUnordered,
  type DocumentParagraph,
  type DocumentTable,
  type TopLevelBlock,
  DocumentSchema,
  documentText,
  parseMarkdown,
  type DocumentInlineLink,
  assignKeys,
  parsePage,
  renderPage,
  type ContentRef,
  type ResolveLink,
  defaultHrefFor,
  defaultResolveHref,
} from "../../../core/document";
import { inlines, nodes, parse } from "./helpers";
import { DocumentTooDeepError } from "../../../core/document/limits";
import { joinLines } from "../../../core/document/loose";
import fc from "fast-check";
import blocks from "../../fixtures/gitbook-markdown/blocks.md?raw";
import layout from "../../fixtures/gitbook-markdown/layout.md?raw";
import textFormatting from "../../fixtures/gitbook-markdown/text-formatting.md?raw";
import apiGuide from "../../fixtures/gitbook-markdown/held-out/api-guide.md?raw";
import launchChecklist from "../../fixtures/gitbook-markdown/held-out/launch-checklist.md?raw";
import teamPage from "../../fixtures/gitbook-markdown/held-out/team-page.md?raw";
import { gitbookDocument } from "./gitbook-arbitraries";
import { officialShapeErrors } from "./official-shape";

/** The test space: `*.md` paths are pages (the path is the id), `.gitbook/assets/x` files. */
const resolveLink: ResolveLink = (path) => {
  if (path.startsWith(".gitbook/assets/")) return { kind: "file", file: path.slice(16) };
  if (path.endsWith(".md")) return { kind: "page", page: path };
  return null;
};

const hrefFor = (ref: ContentRef): string | null => {
  if (ref.kind === "page") return ref.page;
  if (ref.kind === "anchor" && ref.page) return `${ref.page}#${ref.anchor}`;
  if (ref.kind === "file") return `.gitbook/assets/${ref.file}`;
  return null;
};

const TITLES: Record<string, string> = {
  "getting-started.md": "Getting started",
  "authentication.md": "Authentication",
};

const labelFor = (ref: ContentRef) => (ref.kind === "page" ? (TITLES[ref.page] ?? null) : null);

const read = (text: string) => parsePage(text, { resolveLink });

const write = (page: ReturnType<typeof read>) => renderPage(page, { hrefFor, labelFor });

const MAIN: Array<[string, string]> = [
  ["text-formatting", textFormatting],
  ["blocks", blocks],
  ["layout", layout],
];

const HELD_OUT: Array<[string, string]> = [
  ["api-guide", apiGuide],
  ["launch-checklist", launchChecklist],
  ["team-page", teamPage],
];

/**
 * GitBook's custom heading anchors (`## Title <a href="#id" id="id"></a>`): read into the
 * heading's `meta.id`, written back byte for byte, and only the empty anchor GitBook writes is
 * taken (an anchor with text, or one whose href names another id, stays content).
 */

const headings = (md: string) =>
  parsePage(md).document.nodes.map((n) => ("meta" in n ? n.meta : undefined));

describe("parse", () => {
  describe("parseMarkdown: blocks", () => {
    it("maps headings 1 to 3, and deeper headings to heading-3", () => {
      const types = nodes("# a\n\n## b\n\n### c\n\n#### d\n\n###### e").map((n) => n.type);
      expect(types).toEqual(["heading-1", "heading-2", "heading-3", "heading-3", "heading-3"]);
    });

    it("maps paragraphs, with soft line breaks as spaces and hard ones as \\n", () => {
      const [first, second] = nodes("one\ntwo\n\nthree  \nfour\\\nfive") as DocumentParagraph[];
      expect(inlines(first as DocumentParagraph)).toEqual([["one two", []]]);
      expect(inlines(second as DocumentParagraph)).toEqual([["three\nfour\nfive", []]]);
    });

    it("maps unordered, ordered (with start) and nested lists", () => {
      const [list, ordered] = nodes("* a\n  * b\n\n1. x\n\n---\n\n3. y\n4. z") as [
        DocumentListUnordered,
        DocumentListOrdered,
        TopLevelBlock,
        DocumentListOrdered,
      ];
      expect(list.type).toBe("list-unordered");
      expect(list.nodes[0]?.nodes.map((n) => n.type)).toEqual(["paragraph", "list-unordered"]);
      expect(ordered.data).toEqual({});
      expect(nodes("3. y\n4. z")[0]).toMatchObject({ type: "list-ordered", data: { start: 3 } });
    });

    it("maps task lists to list-tasks with data.checked on every item", () => {
      const [list] = nodes("* [x] done\n* [ ] todo\n* plain") as DocumentListUnordered[];
      expect(list?.type).toBe("list-tasks");
      expect(list?.nodes.map((item) => item.data)).toEqual([
        { checked: true },
        { checked: false },
        { checked: false },
      ]);
      const [ordered] = nodes("1. [x] first") as DocumentListOrdered[];
      expect(ordered?.nodes[0]?.data).toEqual({ checked: true });
    });

    it("maps code blocks with their language, one code-line per line", () => {
      const [code] = nodes("```ts title\nconst a = 1;\n\nb();\n```") as DocumentCode[];
      expect(code?.data).toEqual({ syntax: "ts" });
      expect(code?.nodes.map((line) => inlines(line))).toEqual([
        [["const a = 1;", []]],
        [["", []]],
        [["b();", []]],
      ]);
      expect((nodes("    indented")[0] as DocumentCode).data).toEqual({});
    });

    it("maps blockquotes, nested ones included", () => {
      const [quote] = nodes("> a\n>\n> > b");
      expect(quote).toMatchObject({
        type: "blockquote",
        nodes: [{ type: "paragraph" }, { type: "blockquote" }],
      });
    });

    it("lifts a code block out of a blockquote (the official schema forbids it there)", () => {
      const types = nodes("> before\n> ```\n> x\n> ```\n> after").map((n) => n.type);
      expect(types).toEqual(["blockquote", "code", "blockquote"]);
    });

    it("maps dividers", () => {
      expect(nodes("a\n\n***\n\nb")[1]).toMatchObject({ type: "divider", isVoid: true, data: {} });
    });

    it("maps a paragraph of images to an images block, titles to captions", () => {
      const [images] = nodes(
        '![one](https://x.test/1.png "Cap") ![](/files/f2)',
      ) as DocumentImages[];
      expect(images?.type).toBe("images");
      expect(images?.nodes.map((image) => image.data)).toEqual([
        { ref: { kind: "url", url: "https://x.test/1.png" }, alt: "one" },
        { ref: { kind: "file", file: "f2" } },
      ]);
      expect(images?.nodes[0]?.fragments[0]).toMatchObject({
        fragment: "caption",
        nodes: [{ type: "paragraph" }],
      });
      expect(images?.nodes[1]?.fragments).toEqual([]);
    });

    it("maps a paragraph of reference-style images to an images block", () => {
      const [images] = nodes("![a][i] ![b][i]\n\n[i]: /files/f3") as DocumentImages[];
      expect(images?.nodes.map((image) => image.data.ref)).toEqual([
        { kind: "file", file: "f3" },
        { kind: "file", file: "f3" },
      ]);
    });

    it("keeps images inline when mixed with text or inside containers", () => {
      const [paragraph] = nodes("see ![i](/files/f) here") as DocumentParagraph[];
      expect(paragraph?.nodes[1]).toMatchObject({
        type: "inline-image",
        data: { ref: { kind: "file", file: "f" }, alt: "i" },
      });
      expect(nodes("> ![i](x.png)")[0]).toMatchObject({ nodes: [{ type: "paragraph" }] });
    });

    it("maps GFM tables to grid tables with text columns", () => {
      const [table] = nodes(
        "| A | **B** |\n| :-: | --: |\n| 1 | [x](/pages/p) |\n| 2 |",
      ) as DocumentTable[];
      const data = table?.data;
      expect(data?.view).toEqual({ type: "grid", columns: ["c0", "c1"], hideHeader: false });
      expect(data?.definition).toEqual({
        c0: { id: "c0", title: "A", type: "text", textAlignment: "center" },
        c1: { id: "c1", title: "B", type: "text", textAlignment: "right" },
      });
      expect(data?.records).toEqual({
        r0: { orderIndex: "a0", values: { c0: "r0c0", c1: "r0c1" } },
        r1: { orderIndex: "a1", values: { c0: "r1c0", c1: "r1c1" } },
      });
      const cell = table?.fragments.find((f) => f.fragment === "r0c1");
      expect(inlines(cell?.nodes[0] as DocumentParagraph)).toEqual([
        { link: { kind: "page", page: "p" }, nodes: [["x", []]] },
      ]);
    });

    it("maps hint containers of every style, with their markdown content", () => {
      const md =
        "{% hint style=\"warning\" %}\nBe **careful**.\n\n* one\n{% endhint %}\n\n{% hint style='success' %}\nok\n{% endhint %}";
      const [warning, success] = nodes(md) as DocumentHint[];
      expect(warning?.data).toEqual({ style: "warning" });
      expect(warning?.nodes.map((n) => n.type)).toEqual(["paragraph", "list-unordered"]);
      expect(success?.data).toEqual({ style: "success" });
    });

    it("finds hint lines inside paragraphs, lists and html blocks, not inside fenced code", () => {
      const md =
        'intro\n{% hint style="info" %}\n<figure>x</figure>\n{% endhint %}\n* item\n{% hint style="danger" %}\nd\n{% endhint %}\n\n```\n{% hint style="info" %}\n```';
      expect(nodes(md).map((n) => n.type)).toEqual([
        "paragraph",
        "hint",
        "list-unordered",
        "hint",
        "code",
      ]);
    });

    it("keeps unclosed and stray hint lines as text and lifts a nested hint out", () => {
      expect(nodes('{% hint style="info" %}\nopen').map((n) => n.type)).toEqual(["paragraph"]);
      expect(nodes("{% endhint %}").map((n) => n.type)).toEqual(["paragraph"]);
      const nested = nodes(
        '{% hint style="info" %}\n{% hint style="danger" %}\nx\n{% endhint %}\n{% endhint %}',
      );
      expect(nested).toMatchObject([
        { type: "hint", data: { style: "danger" }, nodes: [{ type: "paragraph" }] },
      ]);
    });

    it("lifts code out of a hint and unwraps blockquotes into it", () => {
      const md = '{% hint style="danger" %}\n> quoted\n\n```\ncode\n```\n\nafter\n{% endhint %}';
      expect(nodes(md)).toMatchObject([
        { type: "hint", nodes: [{ type: "paragraph" }] },
        { type: "code" },
        { type: "hint", nodes: [{ type: "paragraph" }] },
      ]);
    });

    it("keeps raw html as text, drops comments, and maps footnotes to text", () => {
      const [html, footnoteUse, footnote] = nodes(
        "<div>x</div>\n\n<!-- hidden -->\n\nsee[^1]\n\n[^1]: note",
      ) as DocumentParagraph[];
      expect(inlines(html as DocumentParagraph)).toEqual([["<div>x</div>", []]]);
      expect(inlines(footnoteUse as DocumentParagraph)).toEqual([["see[^1]", []]]);
      expect(inlines(footnote as DocumentParagraph)).toEqual([["[^1]: note", []]]);
    });
  });
});

describe("parse-inline", () => {
  describe("parseMarkdown: inlines", () => {
    it("maps bold, italic, strikethrough and code marks, nested ones combined", () => {
      const [p] = nodes("**b** *i* ~~s~~ `c` **b *bi* `bc`**") as DocumentParagraph[];
      expect(inlines(p as DocumentParagraph)).toEqual([
        ["b", ["bold"]],
        [" ", []],
        ["i", ["italic"]],
        [" ", []],
        ["s", ["strikethrough"]],
        [" ", []],
        ["c", ["code"]],
        [" ", []],
        ["b ", ["bold"]],
        ["bi", ["bold", "italic"]],
        [" ", ["bold"]],
        ["bc", ["bold", "code"]],
      ]);
    });

    it("maps links with the default href mapping", () => {
      const md =
        "[a](/pages/p1) [b](/pages/p1#sec) [c](#top) [d](/files/f1) [e](https://x.test) [f](/spaces/s/pages/p2) <https://auto.test> www.lit.test";
      const [p] = nodes(md) as DocumentParagraph[];
      const links = p?.nodes.filter(
        (n): n is DocumentInlineLink => "type" in n && n.type === "link",
      );
      expect(links?.map((l) => l.data.ref)).toEqual([
        { kind: "page", page: "p1" },
        { kind: "anchor", anchor: "sec", page: "p1" },
        { kind: "anchor", anchor: "top" },
        { kind: "file", file: "f1" },
        { kind: "url", url: "https://x.test" },
        { kind: "page", page: "p2", space: "s" },
        { kind: "url", url: "https://auto.test" },
        { kind: "url", url: "http://www.lit.test" },
      ]);
    });

    it("keeps marks inside links and resolves reference-style links", () => {
      const [p] = nodes(
        "**[x *y*](/pages/a)** [ref][r]\n\n[r]: https://r.test",
      ) as DocumentParagraph[];
      expect(inlines(p as DocumentParagraph)).toEqual([
        {
          link: { kind: "page", page: "a" },
          nodes: [
            ["x ", ["bold"]],
            ["y", ["bold", "italic"]],
          ],
        },
        [" ", []],
        { link: { kind: "url", url: "https://r.test" }, nodes: [["ref", []]] },
      ]);
    });

    it("uses resolveHref, falling back to the default when it returns null", () => {
      const { document, refs } = parse("[a](x) [b](/pages/p)", {
        resolveHref: (href: string) =>
          href === "x" ? { kind: "page" as const, page: "resolved" } : null,
      });
      expect(refs).toEqual([
        { kind: "page", page: "resolved" },
        { kind: "page", page: "p" },
      ]);
      expect(document.nodes).toHaveLength(1);
    });
  });
  describe("parseMarkdown: hostile input", () => {
    it("refuses markdown nested deeper than 40 levels instead of flattening it", () => {
      const deep = `${"> ".repeat(2000)}deep\n\n${"* x\n".repeat(3)}`;
      expect(() => parseMarkdown(deep)).toThrow(DocumentTooDeepError);
      expect(() => parseMarkdown(deep)).toThrow("document too deeply nested (max 40)");
      expect(() => parseMarkdown(`${"*a ".repeat(100)}b${" a*".repeat(100)}`)).toThrow(
        DocumentTooDeepError,
      );
      // 40 levels are accepted, and stay within the 50 levels of DocumentSchema.
      const { document } = parse(`${"> ".repeat(40)}deep`);
      expect(DocumentSchema.safeParse(document).success).toBe(true);
      expect(documentText(document)).toBe("deep");
    });

    it("joins soft line breaks without quadratic regexes", () => {
      expect(joinLines("a  \n\t b\r\nc ")).toBe("a b c ");
      expect(joinLines(`a${" ".repeat(100_000)}b`)).toHaveLength(100_002);
      const spaces = " ".repeat(50_000);
      const [p] = nodes(`a${spaces}b\nc`) as DocumentParagraph[];
      expect(inlines(p as DocumentParagraph)).toEqual([[`a${spaces}b c`, []]]);
    });
  });
  describe("parseMarkdown: result", () => {
    it("returns the leading # heading as the title, stripped on request", () => {
      expect(parse("# My *page*\n\ntext").title).toBe("My page");
      expect(parse("## Not a title").title).toBeUndefined();
      const stripped = parse("# Title\n\ntext", { stripTitle: true });
      expect(stripped.title).toBe("Title");
      expect(stripped.document.nodes.map((n) => n.type)).toEqual(["paragraph"]);
    });

    it("returns every reference in document order, repeats included", () => {
      const { refs } = parse(
        "[a](/pages/p) ![i](/files/f)\n\n> [b](/pages/p)\n\n| x |\n| - |\n| [c](#t) |",
      );
      expect(refs).toEqual([
        { kind: "page", page: "p" },
        { kind: "file", file: "f" },
        { kind: "page", page: "p" },
        { kind: "anchor", anchor: "t" },
      ]);
    });

    it("produces an empty document for empty markdown", () => {
      expect(parse("").document).toEqual({ object: "document", data: {}, nodes: [] });
      expect(parse("\n\n  \n").document.nodes).toEqual([]);
    });
  });
});

describe("gitbook-markdown", () => {
  describe("GitBook's normalized markdown", () => {
    it.each([...MAIN, ...HELD_OUT])("%s: write(parse(text)) is the text", (_name, text) => {
      const page = read(text);
      expect(page.warnings).toEqual([]);
      expect(officialShapeErrors(page.document)).toEqual([]);
      expect(write(page)).toBe(text);
    });

    it("reads front matter, title, GitBook's heading levels and relative links", () => {
      const page = read(layout);
      expect(page.title).toBe("Layout");
      expect(page.frontMatter).toEqual({
        description: "Steppers, columns, expandables, images and buttons",
        icon: "table-columns",
        hidden: true,
        if: "visitor.claims.unsigned.beta == true",
        layout: {
          title: { visible: true },
          description: { visible: false },
          tableOfContents: { visible: true },
        },
        other: { owner: "docs-team", tags: "\n  - layout\n  - blocks" },
      });
      const formatting = read(textFormatting);
      expect(formatting.document.nodes.map((n) => n.type)).toContain("heading-1");
      expect(formatting.refs).toEqual(
        expect.arrayContaining([
          { kind: "page", page: "getting-started.md" },
          { kind: "anchor", page: "getting-started.md", anchor: "install" },
          { kind: "file", file: "report.pdf" },
        ]),
      );
    });

    it("warns about what it cannot represent, keeping the text", () => {
      const legacy = read(
        '{% swagger baseUrl="https://x.test" path="/a" method="get" summary="A" %}\n{% swagger-description %}\nAll of them\n{% endswagger-description %}\n{% endswagger %}\n\n{% file src="https://x.test/a.pdf" %}\n',
      );
      expect(legacy.warnings).toHaveLength(2);
      expect(JSON.stringify(legacy.document)).toContain("All of them");
      expect(JSON.stringify(legacy.document)).toContain("https://x.test/a.pdf");
    });

    it("parse(write(doc)) is the doc for generated documents of every kind", () => {
      fc.assert(
        fc.property(gitbookDocument, (generated) => {
          // Generated nodes may be shared objects: each place gets its own copy and key.
          const document = JSON.parse(JSON.stringify(generated)) as typeof generated;
          assignKeys(document, { overwrite: true });
          const text = renderPage({ title: "Page", document }, { hrefFor });
          const back = parsePage(text, { resolveLink });
          expect(back.warnings).toEqual([]);
          expect(back.document).toEqual(document);
          expect(officialShapeErrors(back.document)).toEqual([]);
        }),
        { numRuns: 250, seed: 36 },
      );
    });

    it("never throws on arbitrary text but for nesting past the limit", () => {
      const pieces = fc.constantFrom(
        "{% tabs %}\n",
        '{% tab title="a" %}\n',
        "{% endtab %}\n",
        "{% endtabs %}\n",
        "<details>\n",
        "<summary>s</summary>\n",
        "</details>\n",
        "$$\n",
        "$$x$$",
        "```\n",
        '{% hint style="info" %}\n',
        "{% endhint %}\n",
        '<mark style="color:red;">',
        "</mark>",
        '<a href="x" class="button primary">',
        "</a>",
        "* ",
        "> ",
        "\n",
        "text ",
        "---\n",
        "# T\n",
        '{% embed url="https://x.test" %}\n',
        "{% endembed %}\n",
      );
      const texts = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.array(pieces, { maxLength: 40 }).map((p) => p.join("")),
      );
      fc.assert(
        fc.property(texts, (text) => {
          try {
            const page = read(text);
            renderPage(page, { hrefFor });
          } catch (error) {
            expect(error).toBeInstanceOf(DocumentTooDeepError);
          }
        }),
        { numRuns: 300, seed: 7 },
      );
    });
  });
});

describe("hrefs", () => {
  describe("default href mapping", () => {
    it("resolves the documented link forms", () => {
      expect(defaultResolveHref("/pages/p1")).toEqual({ kind: "page", page: "p1" });
      expect(defaultResolveHref("/pages/p1/")).toEqual({ kind: "page", page: "p1" });
      expect(defaultResolveHref("/pages/p1#intro")).toEqual({
        kind: "anchor",
        page: "p1",
        anchor: "intro",
      });
      expect(defaultResolveHref("#intro")).toEqual({ kind: "anchor", anchor: "intro" });
      expect(defaultResolveHref("/files/f1")).toEqual({ kind: "file", file: "f1" });
      expect(defaultResolveHref("/spaces/s1/files/f1")).toEqual({
        kind: "file",
        file: "f1",
        space: "s1",
      });
      for (const url of [
        "https://x.test/pages/p1",
        "/pages/a/b",
        "pages/p1",
        "#",
        "mailto:a@b.test",
        "",
      ]) {
        expect(defaultResolveHref(url)).toEqual({ kind: "url", url });
      }
    });

    it("renders every reference kind, inversely for pages, anchors, files and URLs", () => {
      const inverse: ContentRef[] = [
        { kind: "url", url: "https://x.test/a?b#c" },
        { kind: "page", page: "p1" },
        { kind: "page", page: "p1", space: "s1" },
        { kind: "anchor", anchor: "a", page: "p1" },
        { kind: "anchor", anchor: "a", page: "p1", space: "s1" },
        { kind: "anchor", anchor: "a" },
        { kind: "file", file: "f1" },
        { kind: "file", file: "f1", space: "s1" },
      ];
      for (const ref of inverse) expect(defaultResolveHref(defaultHrefFor(ref))).toEqual(ref);
      const others: Array<[ContentRef, string]> = [
        [{ kind: "user", user: "u1" }, "/users/u1"],
        [{ kind: "space", space: "s1" }, "/spaces/s1"],
        [{ kind: "collection", collection: "c1" }, "/collections/c1"],
        [{ kind: "reusable-content", reusableContent: "r1" }, "/reusable-contents/r1"],
        [{ kind: "tag", tag: "t1" }, "/tags/t1"],
        [{ kind: "openapi", spec: "petstore" }, "/openapi/petstore"],
      ];
      for (const [ref, href] of others) expect(defaultHrefFor(ref)).toBe(href);
    });
  });
});

describe("heading-anchors", () => {
  describe("custom heading anchors", () => {
    it("reads the anchor into meta.id and writes it back unchanged", () => {
      const md =
        '# T\n\n## Import from Git <a href="#import-using-git-sync" id="import-using-git-sync"></a>\n\n' +
        'Text\n\n### Same <a href="#same" id="same"></a>\n\n## Plain\n';
      const page = parsePage(md);
      expect(headings(md)).toEqual([
        { id: "import-using-git-sync" },
        undefined,
        { id: "same" },
        undefined,
      ]);
      expect(page.document.nodes[0]).toMatchObject({
        nodes: [{ leaves: [{ text: "Import from Git" }] }],
      });
      expect(renderPage({ title: page.title, document: page.document })).toBe(md);
    });

    it("accepts GitBook's older href without '#', and leaves other anchors as content", () => {
      expect(headings('## Lists <a href="lists" id="lists"></a>\n')).toEqual([{ id: "lists" }]);
      expect(headings('## A <a href="#b" id="c"></a>\n')).toEqual([undefined]);
      expect(headings('## A <a id="c">x</a>\n')).toEqual([undefined]);
    });
  });
});
