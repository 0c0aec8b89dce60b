import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../core/document";
import { extractLinks, linksOfBody, MAX_LINKS_PER_DOCUMENT } from "../../src/content/links";

const links = (markdown: string) => extractLinks(parseMarkdown(markdown).document);
const none = { spaceId: null, pageId: null, fileId: null, anchor: null, url: null };

describe("link extraction", () => {
  it("keeps page, anchor, file and URL references in document order", () => {
    const found = links(
      [
        "[a](/pages/p1) [b](/pages/p1#part) [c](/spaces/s2/pages/p2) [d](#local)",
        "![img](/files/f1) [e](https://example.com/x) [f](/spaces/s2/files/f2)",
      ].join("\n"),
    );
    expect(found).toEqual([
      { ...none, kind: "page", pageId: "p1" },
      { ...none, kind: "anchor", pageId: "p1", anchor: "part" },
      { ...none, kind: "page", spaceId: "s2", pageId: "p2" },
      { ...none, kind: "anchor", anchor: "local" },
      { ...none, kind: "file", fileId: "f1" },
      { ...none, kind: "url", url: "https://example.com/x" },
      { ...none, kind: "file", spaceId: "s2", fileId: "f2" },
    ]);
  });

  it("stores a target once however often the document links it", () => {
    expect(links("[a](/pages/p1), [again](/pages/p1) and ![i](/files/f) [f](/files/f)")).toEqual([
      { ...none, kind: "page", pageId: "p1" },
      { ...none, kind: "file", fileId: "f" },
    ]);
  });

  it("finds references inside lists, quotes, hints and tables", () => {
    const markdown = [
      "* [in a list](/pages/a)",
      "",
      "> [in a quote](/pages/b)",
      "",
      '{% hint style="info" %}',
      "[in a hint](/pages/c)",
      "{% endhint %}",
      "",
      "| col |",
      "| --- |",
      "| [in a table](/pages/d) |",
      "",
    ].join("\n");
    expect(links(markdown).map((l) => l.pageId)).toEqual(["a", "b", "c", "d"]);
  });

  it("ignores reference kinds that are not links (users, spaces, collections...)", () => {
    const document = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          nodes: [
            { object: "inline", type: "mention", data: { ref: { kind: "user", user: "u1" } } },
            { object: "inline", type: "link", data: { ref: { kind: "space", space: "s1" } } },
            { object: "inline", type: "link", data: { ref: { kind: "page" } } },
            { object: "inline", type: "link", data: { ref: { kind: "page", page: "ok" } } },
          ],
        },
        { object: "block", type: "file", data: { ref: { kind: "file", file: "f9" } } },
      ],
    };
    expect(extractLinks(document)).toEqual([
      { ...none, kind: "page", pageId: "ok" },
      { ...none, kind: "file", fileId: "f9" },
    ]);
  });

  it("caps the distinct targets of one body, and reads nothing from a body that is not JSON", () => {
    const many = Array.from({ length: MAX_LINKS_PER_DOCUMENT + 5 }, (_, i) => `[x](/pages/p${i})`);
    expect(links(many.join(" "))).toHaveLength(MAX_LINKS_PER_DOCUMENT);
    expect(linksOfBody("not json")).toEqual([]);
    expect(linksOfBody("null")).toEqual([]);
  });
});
