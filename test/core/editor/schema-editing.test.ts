import { canSplit } from "@tiptap/pm/transform";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../../core/document";
import { editorSchema } from "../../../core/editor/schema";
import { toEditor } from "../../../core/editor/to-editor";

/**
 * The editor schema's hints that decide how editing behaves (not what documents it holds): a
 * list item must split on Enter (ProseMirror's `canSplit` refuses across an isolating node),
 * while a tab stays isolating (Enter never splits one tab into two).
 */

/** The position just after the first occurrence of `text` in a node. */
function after(doc: ReturnType<typeof editorSchema.nodeFromJSON>, text: string): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found === -1 && node.isText && node.text?.includes(text)) {
      found = pos + (node.text.indexOf(text) + text.length);
    }
  });
  return found;
}

describe("the editor schema's editing hints", () => {
  it("lets a list item split in two, and not a tab", () => {
    const list = editorSchema.nodeFromJSON(toEditor(parseMarkdown("* one\n* two\n").document));
    expect(canSplit(list, after(list, "one"), 2)).toBe(true);
    const tabs = editorSchema.nodeFromJSON({
      type: "doc",
      content: [
        {
          type: "tabs",
          content: [
            {
              type: "tabsItem",
              content: [{ type: "paragraph", content: [{ type: "text", text: "tab" }] }],
            },
          ],
        },
      ],
    });
    expect(canSplit(tabs, after(tabs, "tab"), 2)).toBe(false);
  });
});
