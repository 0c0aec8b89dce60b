import { isUnsafeImageUrl, isUnsafeLinkUrl } from "./limits";
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
 * What becomes of one node under the link rule: kept as is ("keep"), replaced by its own `nodes`
 * ("unwrap": a link whose target is unsafe keeps its text) or removed ("drop": an unsafe image,
 * an embed or any other node pointing to an unsafe URL, which has no text of its own to keep).
 */
function verdict(node: LooseNode): "keep" | "unwrap" | "drop" {
  const url = urlOf(node);
  if (url === null) return "keep";
  if (IMAGES.has(String(node.type))) return isUnsafeImageUrl(url) ? "drop" : "keep";
  if (!isUnsafeLinkUrl(url)) return "keep";
  return node.type === "link" && Array.isArray(node.nodes) ? "unwrap" : "drop";
}

/**
 * Applies the link rule of `isUnsafeLinkUrl` to a JSON Document in place, without recursion:
 * a link to a `javascript:`, `vbscript:` or `data:` URL is replaced by its content, unsafe
 * images and other nodes pointing to such URLs are removed, and an `images` block left empty
 * goes too. The same rule the markdown parser and renderer apply, so stored Documents are safe
 * whichever way they came in.
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
