import { assignKeys } from "../document/keys";
import type { JsonDocument } from "../document/types";

/**
 * Images an import could not store, made visible: an image whose source names a repository file
 * that is missing, too large, unreachable or of a bad type is replaced by a placeholder — a
 * warning hint at the top level, an italic paragraph inside containers, a text `[image: …]`
 * inline — saying which image and why, never silently nothing. Pure; the importer reports each
 * placeholder in its warnings.
 */

/** Says why an image source could not be stored, or null when it is fine (or not a local path). */
export type UnstoredReason = (src: string) => string | null;

type Node = Record<string, unknown>;

/** A paragraph (or a top-level warning hint) naming the image and the reason. */
function placeholderBlock(text: string, top: boolean): Node {
  const leaf = { object: "leaf", text, marks: top ? [] : [{ object: "mark", type: "italic" }] };
  const paragraph = {
    object: "block",
    type: "paragraph",
    data: {},
    nodes: [{ object: "text", leaves: [leaf] }],
  };
  if (!top) return paragraph;
  return { object: "block", type: "hint", data: { style: "warning" }, nodes: [paragraph] };
}

/** The source of an image reference when it is a URL (a relative path left unresolved). */
function urlOf(data: unknown): string | null {
  const ref = (data as { ref?: { kind?: unknown; url?: unknown } } | undefined)?.ref;
  return ref?.kind === "url" && typeof ref.url === "string" ? ref.url : null;
}

/** The text of a placeholder for the image at `src`. */
function label(src: string, alt: unknown, reason: string): string {
  const name = typeof alt === "string" && alt.trim() !== "" ? `"${alt.trim()}" (${src})` : src;
  return `Image ${name} could not be imported: ${reason}.`;
}

/**
 * Replaces every image of `document` whose source `reasonFor` refuses by a placeholder, in place;
 * returns one line per placeholder (for the import's warnings). Keys of new nodes are assigned.
 */
export function placeholdUnstoredImages(
  document: JsonDocument,
  reasonFor: UnstoredReason,
): string[] {
  const made: string[] = [];
  const visit = (nodes: unknown, top: boolean, depth: number): unknown[] => {
    if (!Array.isArray(nodes) || depth > 64) return (nodes as unknown[]) ?? [];
    const out: unknown[] = [];
    for (const raw of nodes) {
      const node = raw as Node;
      if (node?.type === "images" && Array.isArray(node.nodes)) {
        const kept: unknown[] = [];
        const holes: Node[] = [];
        for (const image of node.nodes as Node[]) {
          const src = urlOf(image.data);
          const reason = src === null ? null : reasonFor(src);
          if (reason === null) kept.push(image);
          else {
            const text = label(src!, (image.data as Node).alt, reason);
            made.push(text);
            holes.push(placeholderBlock(text, top));
          }
        }
        if (kept.length > 0) out.push({ ...node, nodes: kept });
        out.push(...holes);
        continue;
      }
      if (node?.type === "inline-image") {
        const src = urlOf(node.data);
        const reason = src === null ? null : reasonFor(src);
        if (reason !== null) {
          const text = label(src!, (node.data as Node).alt, reason);
          made.push(text);
          out.push({ object: "text", leaves: [{ object: "leaf", text: `[${text}]`, marks: [] }] });
          continue;
        }
      }
      if (node && typeof node === "object") {
        if (Array.isArray(node.nodes)) node.nodes = visit(node.nodes, false, depth + 1);
        if (Array.isArray(node.fragments))
          for (const fragment of node.fragments as Node[])
            fragment.nodes = visit(fragment.nodes, false, depth + 1);
      }
      out.push(node);
    }
    return out;
  };
  document.nodes = visit(document.nodes, true, 0) as JsonDocument["nodes"];
  if (made.length > 0) assignKeys(document);
  return made;
}
