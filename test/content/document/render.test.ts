import { describe, expect, it } from "vitest";
import {
  parseMarkdown,
  renderMarkdown,
  assignKeys,
  DocumentSchema,
  documentRefs,
  documentSections,
  documentText,
  headingAnchor,
} from "../../../core/document";
import { FOREIGN_DOCUMENTS } from "./foreign-documents";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "./fixtures";
import { officialShapeErrors } from "./official-shape";

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

const roundTrip = (markdown: string) => renderMarkdown(parseMarkdown(markdown).document);

const issues = (value: unknown) => {
  const result = DocumentSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

/** A paragraph nested `depth` blockquotes deep (the document's nodes are at depth 1). */
function nested(depth: number): unknown {
  let node: unknown = { object: "block", type: "paragraph", nodes: [] };
  for (let i = 1; i < depth; i++) node = { object: "block", type: "blockquote", nodes: [node] };
  return { object: "document", data: {}, nodes: [node] };
}

const doc = (md: string) => parseMarkdown(md).document;

/** About `size` characters of distinct copies of the realistic page. */
function bigPage(size: number): string {
  let page = "";
  for (let i = 0; page.length < size; i++) {
    page += `${REALISTIC_PAGE.replace("# Getting started", `## Part ${i}`)}\n`;
  }
  return page;
}

describe("render", () => {
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
});

describe("roundtrip", () => {
  describe("markdown → Document → markdown", () => {
    it("gives back a realistic multi-construct page unchanged", () => {
      const { document } = parseMarkdown(REALISTIC_PAGE);
      expect(officialShapeErrors(document)).toEqual([]);
      expect(document.nodes.map((n) => n.type)).toEqual([
        "heading-1",
        "paragraph",
        "heading-2",
        "list-ordered",
        "heading-3",
        "list-tasks",
        "hint",
        "blockquote",
        "heading-2",
        "table",
        "images",
        "divider",
        "code",
        "paragraph",
        "hint",
      ]);
      expect(renderMarkdown(document)).toBe(REALISTIC_PAGE);
    });

    it.each(CANONICAL_SAMPLES)("gives back canonical %s unchanged", (_name, markdown) => {
      const { document } = parseMarkdown(markdown);
      expect(officialShapeErrors(document)).toEqual([]);
      expect(renderMarkdown(document)).toBe(markdown);
    });

    it.each(TRICKY_SAMPLES)("is stable after one render: %j", (markdown) => {
      const once = roundTrip(markdown);
      expect(roundTrip(once)).toBe(once);
      expect(officialShapeErrors(parseMarkdown(once).document)).toEqual([]);
      expect(officialShapeErrors(parseMarkdown(markdown).document)).toEqual([]);
    });

    it("is stable on every sample concatenated into one page", () => {
      const page = [...CANONICAL_SAMPLES.map(([, md]) => md), ...TRICKY_SAMPLES].join("\n\n");
      const once = roundTrip(page);
      expect(roundTrip(once)).toBe(once);
    });
  });
  describe("keys", () => {
    it("are deterministic, unique, and present on every block and inline", () => {
      const first = parseMarkdown(REALISTIC_PAGE).document;
      const second = parseMarkdown(REALISTIC_PAGE).document;
      expect(first).toEqual(second);
      // officialShapeErrors reports missing and duplicate keys.
      expect(officialShapeErrors(first)).toEqual([]);
    });

    it("survive edits elsewhere in the page, and repeated text gets distinct keys", () => {
      const keysOf = (md: string) => parseMarkdown(md).document.nodes.map((n) => n.key);
      const [a, b] = keysOf("Alpha\n\nBeta");
      const [, a2, b2] = keysOf("New first paragraph\n\nAlpha\n\nBeta");
      expect([a2, b2]).toEqual([a, b]);
      const [x, y] = keysOf("Same\n\nSame");
      expect(x).not.toBe(y);
      expect(y?.startsWith(x as string)).toBe(true);
    });

    it("assignKeys keeps existing keys and fills missing ones without collisions", () => {
      const doc = {
        nodes: [
          { object: "block", type: "paragraph", key: "kept", nodes: [] },
          { object: "block", type: "paragraph", nodes: [] },
          { object: "block", type: "paragraph", key: "", nodes: [] },
        ],
      };
      assignKeys(doc);
      const keys = doc.nodes.map((n) => n.key);
      expect(keys[0]).toBe("kept");
      expect(new Set(keys).size).toBe(3);
      assignKeys(doc, { overwrite: true });
      expect(doc.nodes[0]?.key).not.toBe("kept");
    });
  });
});

describe("schema", () => {
  describe("DocumentSchema", () => {
    it("accepts parsed documents and GitBook documents with unknown block types", () => {
      expect(issues(parseMarkdown(REALISTIC_PAGE).document)).toEqual([]);
      for (const [, document] of FOREIGN_DOCUMENTS.slice(0, 5))
        expect(issues(document)).toEqual([]);
      expect(issues({ object: "document", data: { schemaVersion: 2 }, nodes: [] })).toEqual([]);
    });

    it("rejects a bad envelope", () => {
      expect(issues({ object: "doc", data: {}, nodes: [] })[0]).toMatch(/^object: /);
      expect(issues({ object: "document", data: [], nodes: [] })[0]).toMatch(/^data: /);
      expect(issues({ object: "document", data: {}, nodes: [{ object: "text" }] })[0]).toMatch(
        /^nodes\.0\.object: /,
      );
    });

    it("rejects malformed nodes, naming the path", () => {
      const bad = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "paragraph",
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: 1, marks: [] }] }],
          },
        ],
      };
      expect(issues(bad)).toEqual(["nodes.0.nodes.0.leaves.0.text: expected a string"]);
      const badMark = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "p",
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "", marks: [{}] }] }],
          },
        ],
      };
      expect(issues(badMark)[0]).toMatch(/^nodes\.0\.nodes\.0\.leaves\.0\.marks\.0: /);
      const badChild = {
        object: "document",
        data: {},
        nodes: [{ object: "block", type: "p", nodes: [{ object: "block", type: "" }] }],
      };
      expect(issues(badChild)[0]).toMatch(/^nodes\.0\.nodes\.0\.type: /);
      const badData = {
        object: "document",
        data: {},
        nodes: [{ object: "block", type: "p", data: "x" }],
      };
      expect(issues(badData)[0]).toMatch(/^nodes\.0\.data: /);
    });

    it("accepts 50 levels of nesting and rejects 51", () => {
      expect(issues(nested(50))).toEqual([]);
      expect(issues(nested(51))[0]).toMatch(/document too deeply nested \(max 50\)/);
    });

    it("survives a hostile, very deep document without overflowing the stack", () => {
      expect(issues(nested(100_000))[0]).toMatch(/document too deeply nested \(max 50\)/);
    });

    it("rejects documents with too many nodes", () => {
      const paragraph = { object: "block", type: "paragraph", nodes: [] };
      const huge = { object: "document", data: {}, nodes: new Array(200_001).fill(paragraph) };
      expect(issues(huge).some((issue) => issue.includes("more than 200000 nodes"))).toBe(true);
    });
  });
});

describe("text", () => {
  describe("documentSections", () => {
    it("splits at top-level headings, with unique anchors", () => {
      const sections = documentSections(
        doc("Intro **text**.\n\n# Start\n\nOne\n\n* a\n* b\n\n## Start\n\n### Déjà vu!\n\n> q"),
      );
      expect(sections).toEqual([
        { heading: null, anchor: null, text: "Intro text." },
        { heading: "Start", anchor: "start", text: "One\na\nb" },
        { heading: "Start", anchor: "start-1", text: "" },
        { heading: "Déjà vu!", anchor: "deja-vu", text: "q" },
      ]);
    });

    it("omits an empty intro and reads hints, code, tables and images", () => {
      const sections = documentSections(
        doc(
          '# A\n\n{% hint style="info" %}\nhint text\n{% endhint %}\n\n```\nx = 1\n```\n\n| h1 | h2 |\n| - | - |\n| c1 | c2 |\n\n![alt](/files/f "cap")',
        ),
      );
      expect(sections).toEqual([
        { heading: "A", anchor: "a", text: "hint text\nx = 1\nh1 | h2\nc1 | c2\ncap" },
      ]);
    });

    it("uses a heading's declared id as its anchor", () => {
      const sections = documentSections({
        nodes: [
          {
            object: "block",
            type: "heading-2",
            data: { id: "custom-id" },
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Title", marks: [] }] }],
          },
        ],
      });
      expect(sections).toEqual([{ heading: "Title", anchor: "custom-id", text: "" }]);
    });
  });
  describe("documentText", () => {
    it("extracts all text, one block per line", () => {
      expect(documentText(doc("# T\n\nHello [*world*](/pages/p).\n\n1. one\n2. two"))).toBe(
        "T\nHello world.\none\ntwo",
      );
    });

    it("reads unknown blocks' fragments and nodes, never throwing", () => {
      const [, containers] = FOREIGN_DOCUMENTS[1] as [string, Record<string, unknown>];
      expect(documentText(containers)).toBe("Title\nBody\nfirst tab\nsecond tab");
      for (const [, document] of FOREIGN_DOCUMENTS)
        expect(() => documentText(document)).not.toThrow();
      expect(documentText({ nodes: "nope" })).toBe("");
    });

    it("handles the realistic page", () => {
      const text = documentText(doc(REALISTIC_PAGE));
      expect(text).toContain("Tokens are secrets: never commit them.");
      expect(text).toContain("`timeout` | 30 | Seconds before giving up".replace(/`/g, ""));
    });
  });
  describe("headingAnchor", () => {
    it("slugifies text", () => {
      expect(headingAnchor("Hello, World!")).toBe("hello-world");
      expect(headingAnchor("Ça va — très bien")).toBe("ca-va-tres-bien");
      expect(headingAnchor("中文 标题")).toBe("中文-标题");
      expect(headingAnchor("!!!")).toBe("section");
      // GitBook's anchors (issue 33: #anchor links of a GitBook site broke on these forms).
      expect(headingAnchor("What's new?")).toBe("whats-new");
      expect(headingAnchor("Don’t panic")).toBe("dont-panic");
      expect(headingAnchor("API & SDK")).toBe("api-and-sdk");
      expect(headingAnchor("Q&A")).toBe("q-and-a");
      expect(headingAnchor("'quoted'")).toBe("quoted");
      // Seen in GitBook's own docs' links: dots kept, a leading digit prefixed.
      expect(headingAnchor("llms-full.txt and .md support for LLMs")).toBe(
        "llms-full.txt-and-.md-support-for-llms",
      );
      expect(headingAnchor("1. Create a custom backend")).toBe("id-1.-create-a-custom-backend");
      expect(headingAnchor("Set syntax…")).toBe("set-syntax...");
      expect(headingAnchor("2FA (optional)")).toBe("id-2fa-optional");
      expect(headingAnchor("...")).toBe("section");
    });
  });
  describe("documentRefs", () => {
    it("lists links, images and file blocks of any document", () => {
      expect(
        documentRefs(
          doc("[a](/pages/p) ![i](https://x.test/i.png)\n\n| h |\n| - |\n| [c](/files/f) |"),
        ),
      ).toEqual([
        { kind: "page", page: "p" },
        { kind: "url", url: "https://x.test/i.png" },
        { kind: "file", file: "f" },
      ]);
      const [, unknown] = FOREIGN_DOCUMENTS[0] as [string, Record<string, unknown>];
      expect(documentRefs(unknown)).toEqual([
        { kind: "file", file: "f9" },
        { kind: "page", page: "p9" },
      ]);
    });
  });
});

describe("perf", () => {
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
});
