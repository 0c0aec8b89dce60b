import { describe, expect, it } from "vitest";
import { assignKeys, parseMarkdown, renderMarkdown } from "../../../core/document";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "./fixtures";
import { officialShapeErrors } from "./official-shape";

const roundTrip = (markdown: string) => renderMarkdown(parseMarkdown(markdown).document);

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
