import { expect } from "vitest";
import { parseMarkdown, type ParseOptions, type TopLevelBlock } from "../../../core/document";
import { officialShapeErrors } from "./official-shape";

/** Parses and checks the official structural rules on every Document produced here. */
export function parse(markdown: string, options: ParseOptions = {}) {
  const result = parseMarkdown(markdown, options);
  expect(officialShapeErrors(result.document)).toEqual([]);
  return result;
}
export const nodes = (markdown: string): TopLevelBlock[] => parse(markdown).document.nodes;

/** A compact view of inline content: [text, marks] pairs and links/images as objects. */
export function inlines(block: { nodes: unknown[] }): unknown[] {
  return (block.nodes as Array<Record<string, unknown>>).flatMap((node): unknown[] =>
    node.object === "text"
      ? (node.leaves as Array<{ text: string; marks: Array<{ type: string }> }>).map((l) => [
          l.text,
          l.marks.map((m) => m.type),
        ])
      : [
          {
            [node.type as string]: (node.data as { ref: unknown }).ref,
            nodes: node.nodes && inlines(node as never),
          },
        ],
  );
}
