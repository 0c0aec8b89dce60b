import type { Attributes } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { CODEC_ATTRS, editorSchema } from "../../../core/editor/schema";

/**
 * A node's or mark's attributes in Tiptap's form, read from the codec's ProseMirror schema
 * (`editorSchema`, built from the spec), so both schemas hold the same attributes and defaults. Each attribute
 * is written to HTML as JSON in a `data-a-<name>` attribute so copy and paste inside the editor
 * keep it; the node's key and text layout are not written: a pasted node is a new node.
 */

/** Attributes a split (Enter) or a paste must not copy: they belong to one node. */
const OWN: ReadonlySet<string> = new Set([CODEC_ATTRS.key, CODEC_ATTRS.layout, "id", "checked"]);
const NOT_COPIED: ReadonlySet<string> = new Set([CODEC_ATTRS.key, CODEC_ATTRS.layout]);

/** The attributes of a block split off `node`: its own ones (key, layout, id, checked) reset. */
export function splitAttrs(node: PmNode): Record<string, unknown> {
  const specs = node.type.spec.attrs ?? {};
  return Object.fromEntries(
    Object.entries(node.attrs).map(([name, value]) => [
      name,
      OWN.has(name) ? (specs[name]?.default ?? null) : value,
    ]),
  );
}

const htmlName = (name: string): string => `data-a-${name.toLowerCase()}`;

/** An element as far as attributes are read from it (typed without the DOM's lib: tests run the
 * schema in workerd). */
interface WithAttributes {
  getAttribute(name: string): string | null;
}

function parsed(element: WithAttributes, name: string, fallback: unknown): unknown {
  const raw = element.getAttribute(htmlName(name));
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return fallback;
  }
}

/** Tiptap attributes of the codec schema's node or mark of this name. */
export function tiptapAttributes(kind: "node" | "mark", typeName: string): Attributes {
  const type = kind === "node" ? editorSchema.nodes[typeName] : editorSchema.marks[typeName];
  if (!type) throw new TypeError(`not a ${kind} of the editor's schema: ${typeName}`);
  const out: Attributes = {};
  for (const [name, attr] of Object.entries(type.spec.attrs ?? {})) {
    const fallback: unknown = attr.default ?? null;
    out[name] = {
      default: fallback,
      keepOnSplit: !OWN.has(name),
      parseHTML: (element) => (NOT_COPIED.has(name) ? fallback : parsed(element, name, fallback)),
      renderHTML: (attrs) => {
        const value: unknown = attrs[name];
        if (NOT_COPIED.has(name) || value === null || value === undefined) return {};
        return { [htmlName(name)]: JSON.stringify(value) };
      },
    };
  }
  return out;
}
