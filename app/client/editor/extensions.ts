import {
  Mark,
  mergeAttributes,
  Node,
  type AnyExtension,
  type NodeViewRenderer,
} from "@tiptap/core";
import { HARD_BREAK, MARK_SPECS, NODE_SPECS, OPAQUE } from "../../../core/editor/nodes";
import type { EditorMarkSpec, EditorNodeSpec } from "../../../core/editor/spec-types";
import { tiptapAttributes } from "./attributes";
import { linkHref, markParseRules, markTag, nodeParseRules, nodeTag } from "./html";

/**
 * The Tiptap extensions of the editor's schema, DERIVED from core/editor/nodes.ts
 * (the one home of the editor's types): one Node per node spec, one Mark per mark spec, plus
 * the text, the line break and the opaque carriers that core/editor/schema.ts adds. Their
 * ProseMirror schema is the codec's `editorSchema` (test/app/editor.test.ts holds
 * them equal), so `fromEditor(editor.getJSON())` reads what the editor holds. The browser passes
 * the node view of what is shown by a label (node-view.ts); without one (the schema test, in
 * workerd) the same nodes render as their HTML.
 */

/** Whether a node is shown by a labelled node view rather than as editable text. */
const labelled = (spec: EditorNodeSpec): boolean =>
  spec.atom === true || spec.children === "fragments" || spec.object === "fragment";

function nodeOf(spec: EditorNodeSpec, view: NodeViewRenderer | undefined): AnyExtension {
  const inline = spec.inline === true;
  const leaf = spec.content === undefined;
  return Node.create({
    name: spec.name,
    topNode: spec.object === "document",
    group: spec.group,
    content: spec.content,
    inline,
    atom: spec.atom === true,
    marks: spec.marks,
    code: spec.code === true,
    defining: spec.defining === true,
    isolating: spec.isolating === true,
    draggable: spec.atom === true && !inline,
    addAttributes: () => tiptapAttributes("node", spec.name),
    parseHTML: () => nodeParseRules(spec.name, inline),
    renderHTML: ({ node, HTMLAttributes }) => {
      const attrs = mergeAttributes({ "data-type": spec.name }, HTMLAttributes);
      const tag = nodeTag(spec.name, inline, node.attrs.level);
      return leaf ? [tag, attrs] : [tag, attrs, 0];
    },
    ...(view && labelled(spec) ? { addNodeView: () => view } : {}),
  });
}

function markOf(spec: EditorMarkSpec): AnyExtension {
  return Mark.create({
    name: spec.name,
    excludes: spec.excludes,
    inclusive: spec.inclusive,
    addAttributes: () => tiptapAttributes("mark", spec.name),
    parseHTML: () => markParseRules(spec.name),
    renderHTML: ({ mark, HTMLAttributes }) => {
      const attrs = mergeAttributes({ "data-type": spec.name }, HTMLAttributes);
      const href = spec.name === "link" ? linkHref(mark.attrs.ref) : null;
      return [markTag(spec.name), href ? { ...attrs, href, rel: "noopener" } : attrs, 0];
    },
  });
}

/** The carriers of what the editor does not edit: shown by label, kept verbatim. */
const carriers = (view: NodeViewRenderer | undefined): AnyExtension[] => [
  Node.create({
    name: OPAQUE.block,
    group: "block",
    atom: true,
    draggable: true,
    addAttributes: () => tiptapAttributes("node", OPAQUE.block),
    parseHTML: () => nodeParseRules(OPAQUE.block, false),
    renderHTML: ({ HTMLAttributes }) => ["div", { "data-type": OPAQUE.block, ...HTMLAttributes }],
    ...(view ? { addNodeView: () => view } : {}),
  }),
  Node.create({
    name: OPAQUE.inline,
    group: "inline",
    inline: true,
    atom: true,
    addAttributes: () => tiptapAttributes("node", OPAQUE.inline),
    parseHTML: () => nodeParseRules(OPAQUE.inline, true),
    renderHTML: ({ HTMLAttributes }) => ["span", { "data-type": OPAQUE.inline, ...HTMLAttributes }],
    ...(view ? { addNodeView: () => view } : {}),
  }),
  Mark.create({
    name: OPAQUE.mark,
    excludes: "",
    addAttributes: () => tiptapAttributes("mark", OPAQUE.mark),
    parseHTML: () => markParseRules(OPAQUE.mark),
    renderHTML: ({ HTMLAttributes }) => [
      "span",
      { "data-type": OPAQUE.mark, ...HTMLAttributes },
      0,
    ],
  }),
];

const text = Node.create({ name: "text", group: "inline" });
const hardBreak = Node.create({
  name: HARD_BREAK,
  group: "inline",
  inline: true,
  selectable: false,
  parseHTML: () => [{ tag: "br" }],
  renderHTML: () => ["br"],
  renderText: () => "\n",
});

/** Every node and mark of the editor's schema, as Tiptap extensions (`labelledView`: see above). */
export function schemaExtensions(labelledView?: NodeViewRenderer): AnyExtension[] {
  return [
    ...NODE_SPECS.map((spec) => nodeOf(spec, labelledView)),
    text,
    hardBreak,
    ...MARK_SPECS.map(markOf),
    ...carriers(labelledView),
  ];
}
