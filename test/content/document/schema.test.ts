import { describe, expect, it } from "vitest";
import { DocumentSchema, parseMarkdown } from "../../../core/document";
import { FOREIGN_DOCUMENTS } from "./foreign-documents";
import { REALISTIC_PAGE } from "./fixtures";

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

describe("DocumentSchema", () => {
  it("accepts parsed documents and GitBook documents with unknown block types", () => {
    expect(issues(parseMarkdown(REALISTIC_PAGE).document)).toEqual([]);
    for (const [, document] of FOREIGN_DOCUMENTS.slice(0, 5)) expect(issues(document)).toEqual([]);
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
