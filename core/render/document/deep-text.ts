import {
  childNodes,
  dataOf,
  emojiText,
  fragmentsOf,
  isRecord,
  leavesOf,
  stringField,
  type LooseNode,
} from "../../document/loose";

/**
 * The plain text of content nested past the render depth limit. `blockText` stops at its own
 * walk limit (deeper text is cut); this walk has none and uses no recursion, so a document of
 * any depth keeps all its words when its deep part renders as text.
 */

/** Every text of a node and its descendants, blocks on their own lines. */
export function deepText(root: LooseNode): string {
  const parts: string[] = [];
  const stack: Array<LooseNode | "\n"> = [root];
  while (stack.length > 0) {
    const node = stack.pop() as LooseNode | "\n";
    if (node === "\n") {
      if (parts.length > 0 && parts[parts.length - 1] !== "\n") parts.push("\n");
      continue;
    }
    if (node.object === "text") {
      for (const leaf of leavesOf(node)) parts.push(leaf.text);
      continue;
    }
    if (node.type === "emoji") parts.push(emojiText(node));
    const data = dataOf(node);
    const inlineValue = stringField(data, "formula") ?? stringField(data, "label");
    if (inlineValue) parts.push(inlineValue);
    if (node.object === "block") stack.push("\n");
    const children = [...fragmentsOf(node).flatMap(childNodes), ...childNodes(node)];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (isRecord(child)) stack.push(child);
    }
  }
  return parts.join("").trim();
}
