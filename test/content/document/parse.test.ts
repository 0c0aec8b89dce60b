import { describe, expect, it } from "vitest";
import type {
  DocumentCode,
  DocumentHint,
  DocumentImages,
  DocumentListOrdered,
  DocumentListUnordered,
  DocumentParagraph,
  DocumentTable,
  TopLevelBlock,
} from "../../../core/document";
import { inlines, nodes } from "./helpers";

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
    const [images] = nodes('![one](https://x.test/1.png "Cap") ![](/files/f2)') as DocumentImages[];
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
