import type { NodeViewRenderer } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { labelOf } from "./labels";

/**
 * The node view of a node the editor shows by a label: atoms (a divider, a drawing, an OpenAPI
 * block, an unsupported block kept as is) are a labelled box, selectable, movable by drag and
 * deletable; nodes with fragments (an image and its caption, a table's text cells) are a label
 * above their editable fragments. The label is not editable and is read from the node's
 * attributes as text, never as HTML.
 */

function labelElement(tag: "div" | "span", node: PmNode): HTMLElement {
  const label = document.createElement(tag);
  label.className = "q-ed-label";
  label.contentEditable = "false";
  label.textContent = labelOf(node.type.name, node.attrs);
  return label;
}

/** The node view of a labelled node (see the module's comment). */
export const labelledNodeView: NodeViewRenderer = ({ node }) => {
  const inline = node.isInline;
  const dom = document.createElement(inline ? "span" : "div");
  dom.className = `q-ed-box q-ed-${node.type.name}${node.isAtom ? " q-ed-atom" : ""}`;
  dom.dataset.type = node.type.name;
  let label = labelElement(inline ? "span" : "div", node);
  dom.append(label);
  let contentDOM: HTMLElement | undefined;
  if (node.isAtom) {
    dom.contentEditable = "false";
  } else {
    contentDOM = document.createElement("div");
    contentDOM.className = "q-ed-fragments";
    dom.append(contentDOM);
  }
  const type = node.type;
  return {
    dom,
    contentDOM,
    update: (next) => {
      if (next.type !== type) return false;
      const fresh = labelElement(inline ? "span" : "div", next);
      label.replaceWith(fresh);
      label = fresh;
      return true;
    },
    ignoreMutation: (mutation) => !contentDOM || !contentDOM.contains(mutation.target),
  };
};
