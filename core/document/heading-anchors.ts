import type { PhrasingContent } from "mdast";
import { htmlAttrs, htmlTag } from "./tags";

/**
 * GitBook's custom heading anchors in markdown: a heading whose id is not the slug of its text is
 * written `## Title <a href="#id" id="id"></a>` (older exports: `href="id"`). Read, the empty
 * anchor (or a trailing `{#id}`, read only) becomes the heading's `meta.id` and leaves the text; written, a heading with a `meta.id`
 * gets the anchor back (as GitBook writes it, even when the id is its text's slug), so a round
 * trip is byte for byte and links to it survive.
 */

/** A trailing ` {#id}` of a heading's text. */
const BRACED_ID = /[ \t]*\{#([A-Za-z0-9_][\w.:-]*)\}[ \t]*$/;

/** The heading's phrasing without a trailing empty `<a id>`, and that id when there was one. */
export function takeHeadingAnchor(children: readonly PhrasingContent[]): {
  children: PhrasingContent[];
  id: string | null;
} {
  const list = [...children];
  const last = list[list.length - 1];
  const open = list[list.length - 2];
  // `## Title {#id}` (the attribute form other tools write) reads as the same custom anchor.
  const braces = last?.type === "text" ? BRACED_ID.exec(last.value) : null;
  if (last?.type === "text" && braces) {
    const value = last.value.slice(0, braces.index);
    return {
      children: value === "" ? list.slice(0, -1) : [...list.slice(0, -1), { ...last, value }],
      id: braces[1] as string,
    };
  }
  if (last?.type !== "html" || !/^<\/a>$/i.test(last.value.trim()))
    return { children: list, id: null };
  if (open?.type !== "html") return { children: list, id: null };
  const attrs = htmlAttrs(open.value.trim(), "a");
  const id = attrs?.id?.trim();
  if (!attrs || !id || (attrs.href !== undefined && attrs.href.replace(/^#/, "") !== id)) {
    return { children: list, id: null };
  }
  const rest = list.slice(0, -2);
  const before = rest[rest.length - 1];
  if (before?.type === "text") {
    const trimmed = before.value.replace(/\s+$/, "");
    if (trimmed === "") rest.pop();
    else rest[rest.length - 1] = { ...before, value: trimmed };
  }
  return { children: rest, id };
}

/** The `<a href="#id" id="id"></a>` to write after a heading's text, or null without a `meta.id`. */
export function headingAnchorHtml(meta: unknown): string | null {
  const declared =
    typeof meta === "object" && meta !== null ? (meta as { id?: unknown }).id : undefined;
  if (typeof declared !== "string" || declared.trim() === "") return null;
  return `${htmlTag("a", [
    ["href", `#${declared}`],
    ["id", declared],
  ])}</a>`;
}
