import { isSafeHref } from "../links/safe-href";
import { isRecord, type LooseNode } from "./loose";

/** The URL a node's `data.ref` (or `data.url`, for embeds) points to, when it is a URL. */
function urlOf(node: LooseNode): string | null {
  const data = isRecord(node.data) ? node.data : {};
  const ref = data.ref;
  if (isRecord(ref) && ref.kind === "url" && typeof ref.url === "string") return ref.url;
  return typeof data.url === "string" ? data.url : null;
}

/** Replaces an array's content in place (no spread: lists may hold 200,000 nodes). */
function replaceAll(list: unknown[], items: unknown[]): void {
  list.length = 0;
  for (const item of items) list.push(item);
}

const IMAGES: ReadonlySet<string> = new Set(["image", "inline-image"]);

/**
 * What becomes of one node under the link rule (`safeHref`: an image is an "image", an embed a
 * "web" page, anything else a "link"): kept as is ("keep"), replaced by its own `nodes`
 * ("unwrap": a link whose target is refused keeps its text) or removed ("drop": a refused image,
 * embed or any other node pointing to a refused URL, which has no text of its own to keep).
 */
function verdict(node: LooseNode): "keep" | "unwrap" | "drop" {
  const url = urlOf(node);
  if (url === null) return "keep";
  if (IMAGES.has(String(node.type))) return isSafeHref(url, "image") ? "keep" : "drop";
  if (isSafeHref(url, node.type === "embed" ? "web" : "link")) return "keep";
  return node.type === "link" && Array.isArray(node.nodes) ? "unwrap" : "drop";
}

/**
 * Applies the one link rule (core/links/safe-href.ts) to a JSON Document in place, without
 * recursion: a link whose target the rule refuses (`javascript:`, `data:`, `file:`, ...) is
 * replaced by its content, refused images and other nodes pointing to refused URLs are removed,
 * and an `images` block left empty goes too. The same rule the markdown parser and every renderer
 * apply, so stored Documents are safe whichever way they came in.
 */
export function neutraliseUnsafeLinks(document: { nodes?: unknown }): void {
  const lists: unknown[][] = Array.isArray(document.nodes) ? [document.nodes] : [];
  while (lists.length > 0) {
    const list = lists.pop() as unknown[];
    const out: unknown[] = [];
    let changed = false;
    const pending = [...list].reverse();
    while (pending.length > 0) {
      const node = pending.pop();
      if (!isRecord(node)) {
        out.push(node);
        continue;
      }
      const action = verdict(node);
      if (action === "drop") {
        changed = true;
        continue;
      }
      if (action === "unwrap") {
        changed = true;
        for (let i = (node.nodes as unknown[]).length - 1; i >= 0; i--) {
          pending.push((node.nodes as unknown[])[i]);
        }
        continue;
      }
      out.push(node);
      if (Array.isArray(node.nodes)) lists.push(node.nodes);
      if (Array.isArray(node.fragments)) {
        for (const fragment of node.fragments) {
          if (isRecord(fragment) && Array.isArray(fragment.nodes)) lists.push(fragment.nodes);
        }
      }
    }
    if (changed) replaceAll(list, out);
  }
  dropEmptyImages(document);
}

/** Removes `images` blocks left without images, at the top level where they live. */
function dropEmptyImages(document: { nodes?: unknown }): void {
  if (!Array.isArray(document.nodes)) return;
  const kept = document.nodes.filter(
    (node) =>
      !(
        isRecord(node) &&
        node.type === "images" &&
        Array.isArray(node.nodes) &&
        node.nodes.length === 0
      ),
  );
  if (kept.length !== document.nodes.length)
    document.nodes.splice(0, document.nodes.length, ...kept);
}
