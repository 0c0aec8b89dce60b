import { describe, expect, it } from "vitest";
import { DocumentSchema, documentText, parseMarkdown } from "../../../core/document";
import type { DocumentInlineLink, DocumentParagraph } from "../../../core/document";
import { DocumentTooDeepError } from "../../../core/document/limits";
import { joinLines } from "../../../core/document/loose";
import { inlines, nodes, parse } from "./helpers";

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
    const links = p?.nodes.filter((n): n is DocumentInlineLink => "type" in n && n.type === "link");
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
