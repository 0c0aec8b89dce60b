import { describe, expect, it } from "vitest";
import { parseMarkdown, renderMarkdown } from "../../../core/document";
import { FOREIGN_DOCUMENTS } from "./foreign-documents";

type Json = Record<string, unknown>;
const leaf = (text: string, ...marks: string[]) => ({
  object: "leaf",
  text,
  marks: marks.map((type) => ({ object: "mark", type })),
});
const text = (...leaves: Json[]): Json => ({ object: "text", leaves });
const block = (type: string, nodes: Json[], data: Json = {}): Json => ({
  object: "block",
  type,
  data,
  nodes,
});
const p = (...nodes: Json[]) => block("paragraph", nodes);
const link = (ref: Json, ...nodes: Json[]): Json => ({
  object: "inline",
  type: "link",
  data: { ref },
  nodes,
});
const render = (...nodes: Json[]) => renderMarkdown({ object: "document", data: {}, nodes });

describe("renderMarkdown: blocks", () => {
  it("renders headings and paragraphs", () => {
    const md = render(
      block("heading-1", [text(leaf("One"))]),
      block("heading-2", [text(leaf("Two"))]),
      block("heading-3", [text(leaf("Three"))]),
      p(text(leaf("Body"))),
    );
    expect(md).toBe("# One\n\n## Two\n\n### Three\n\nBody\n");
  });

  it("renders lists: unordered, ordered with start, tasks, nested", () => {
    const item = (label: string, data: Json = {}, ...more: Json[]) =>
      block("list-item", [p(text(leaf(label))), ...more], data);
    const md = render(
      block("list-unordered", [item("a", {}, block("list-ordered", [item("b")], { start: 4 }))]),
      block("list-tasks", [
        item("done", { checked: true }),
        item("todo", { checked: false }),
        item("plain"),
      ]),
    );
    // A list not starting at 1 cannot interrupt a paragraph: hence the blank line.
    expect(md).toBe("* a\n\n  4. b\n\n- [x] done\n- [ ] todo\n- [ ] plain\n");
  });

  it("renders code blocks with their syntax, line by line", () => {
    const line = (value: string) => block("code-line", [text(leaf(value))]);
    expect(render(block("code", [line("a()"), line(""), line("```")], { syntax: "js" }))).toBe(
      "````js\na()\n\n```\n````\n",
    );
  });

  it("renders blockquotes, dividers, images and hints", () => {
    const image = (ref: Json, extra: Json = {}): Json => ({
      object: "block",
      type: "image",
      isVoid: true,
      data: { ref, ...extra },
      fragments: [],
    });
    const md = render(
      block("blockquote", [p(text(leaf("quoted")))]),
      { object: "block", type: "divider", isVoid: true, data: {} },
      block("images", [
        image({ kind: "file", file: "f1" }, { alt: "A" }),
        image({ kind: "url", url: "https://x.test/i.png" }),
      ]),
      block("hint", [p(text(leaf("careful")))], { style: "danger" }),
    );
    expect(md).toBe(
      '> quoted\n\n***\n\n<figure><img src="/files/f1" alt="A"><figcaption></figcaption></figure>\n<figure><img src="https://x.test/i.png" alt=""><figcaption></figcaption></figure>\n\n{% hint style="danger" %}\ncareful\n{% endhint %}\n',
    );
  });

  it("renders a table in view order with records sorted by orderIndex", () => {
    const fragment = (name: string, value: string) => ({
      object: "fragment",
      fragment: name,
      nodes: [p(text(leaf(value)))],
    });
    const md = render({
      object: "block",
      type: "table",
      isVoid: true,
      data: {
        view: { type: "grid", columns: ["b", "a"], hideHeader: false },
        definition: {
          a: { id: "a", title: "A", type: "text", textAlignment: "left" },
          b: { id: "b", title: "B", type: "text", textAlignment: "right" },
        },
        records: {
          y: { orderIndex: "a1", values: { a: "ya", b: "yb" } },
          x: { orderIndex: "a0", values: { a: "xa", b: "xb" } },
        },
      },
      fragments: [
        fragment("xa", "1"),
        fragment("xb", "2"),
        fragment("ya", "3"),
        fragment("yb", "4"),
      ],
    });
    expect(md).toBe("|  B | A |\n| -: | - |\n|  2 | 1 |\n|  4 | 3 |\n");
  });
});

describe("renderMarkdown: inlines", () => {
  it("renders marks, grouping runs so nesting stays readable", () => {
    const md = render(
      p(
        text(
          leaf("b", "bold"),
          leaf(" and "),
          leaf("bi ", "bold", "italic"),
          leaf("b", "bold"),
          leaf(" "),
          leaf("s", "strikethrough"),
          leaf(" "),
          leaf("c", "code", "bold"),
        ),
      ),
    );
    expect(md).toBe("**b** and **_bi_ b** ~~s~~ **`c`**\n");
    // Spaces at the edge of formatting move out of it rather than being encoded.
    expect(render(p(text(leaf("bold ", "bold"), leaf("text"))))).toBe("**bold** text\n");
  });

  it("renders links with the default hrefs, and hrefFor when given", () => {
    const doc = {
      object: "document",
      data: {},
      nodes: [
        p(
          link({ kind: "page", page: "p1" }, text(leaf("page"))),
          text(leaf(" ")),
          link({ kind: "anchor", anchor: "a", page: "p1" }, text(leaf("anchor", "bold"))),
          text(leaf(" ")),
          link({ kind: "file", file: "f1" }, text(leaf("file"))),
        ),
      ],
    };
    expect(renderMarkdown(doc)).toBe(
      "[page](/pages/p1) [**anchor**](/pages/p1#a) [file](/files/f1)\n",
    );
    const custom = renderMarkdown(doc, {
      hrefFor: (ref) => (ref.kind === "page" ? `https://docs.test/${ref.page}` : null),
    });
    expect(custom).toBe(
      "[page](https://docs.test/p1) [**anchor**](/pages/p1#a) [file](/files/f1)\n",
    );
  });

  it("renders line breaks, keeping them inside shared marks and dropping them at the edges", () => {
    expect(render(p(text(leaf("\na\nb", "bold"), leaf("\n"))))).toBe("**a\\\nb**\n");
    expect(render(block("heading-2", [text(leaf("a\nb"))]))).toBe("## a b\n");
  });

  it("escapes markdown syntax and hint lines in text", () => {
    expect(render(p(text(leaf("*not* [a](b) # x")), text(leaf("\n{% endhint %}"))))).toBe(
      "\\*not\\* \\[a]\\(b) # x\\\n\\{% endhint %}\n",
    );
  });
});

describe("renderMarkdown: documents it cannot fully express", () => {
  it.each(FOREIGN_DOCUMENTS)("renders %s without throwing, stably", (_name, document) => {
    const md = renderMarkdown(document);
    const again = renderMarkdown(parseMarkdown(md).document);
    expect(renderMarkdown(parseMarkdown(again).document)).toBe(again);
    expect(md).not.toContain("undefined");
    expect(md).not.toContain("[object Object]");
  });

  it("writes GitBook's containers and void blocks in GitBook's syntax", () => {
    const [, containers] = FOREIGN_DOCUMENTS[1] as [string, Json];
    expect(renderMarkdown(containers)).toBe(
      '<details>\n\n<summary>Title</summary>\n\nBody\n\n</details>\n\n{% tabs %}\n{% tab title="One" %}\nfirst tab\n{% endtab %}\n\n{% tab title="Two" %}\nsecond tab\n{% endtab %}\n{% endtabs %}\n',
    );
    const [, unknown] = FOREIGN_DOCUMENTS[0] as [string, Json];
    expect(renderMarkdown(unknown)).toBe(
      'before\n\n{% embed url="https://youtu.be/x" %}\n\n{% file src="/files/f9" %}\n\n{% content-ref url="/pages/p9" %}\n[/pages/p9](/pages/p9)\n{% endcontent-ref %}\n\n$$\ne = mc^2\n$$\n\nafter\n',
    );
  });

  it("renders hints nested in list items as blockquotes and unknown hint styles as info", () => {
    const [, hints] = FOREIGN_DOCUMENTS[3] as [string, Json];
    expect(renderMarkdown(hints)).toBe(
      '* item\n  > inner\n\n{% hint style="info" %}\n```js\nx()\n```\n{% endhint %}\n',
    );
  });

  it("renders typed table columns as text", () => {
    const [, table] = FOREIGN_DOCUMENTS[4] as [string, Json];
    expect(renderMarkdown(table)).toBe(
      "| Number |         Text        | Done | Files                  |\n| ------ | :-----------------: | ---- | ---------------------- |\n| 1.5    | **one \\| pipe** two | \\[x] | [/files/f1](/files/f1) |\n| 2      |      line break     | \\[ ] |                        |\n",
    );
  });

  it("renders inlines markdown lacks as text and drops unknown marks", () => {
    const [, inlines] = FOREIGN_DOCUMENTS[2] as [string, Json];
    expect(renderMarkdown(inlines)).toBe(
      "key 😀 **colored**$$x^2$$[/users/u1](/users/u1)bad ref\\\nnext line\n",
    );
  });

  it("never throws on malformed input", () => {
    for (const input of [
      {},
      { nodes: null },
      { nodes: [null, 1, "x", []] },
      FOREIGN_DOCUMENTS[5]?.[1],
    ]) {
      expect(() => renderMarkdown(input as Json)).not.toThrow();
    }
    expect(renderMarkdown({})).toBe("");
  });
});
