import { resolveImageWith, resolveWith } from "./hrefs";
import type { InlineBuilder, InlineContext } from "./inline-builder";
import { htmlAttrs } from "./tags";
import { isSafeHref } from "../links/safe-href";
import type { DocumentInlineImage } from "./types";

/**
 * The inline HTML GitBook writes: `<mark style="color:…;background-color:…">` colours,
 * `<img src alt data-size>` inline images and `<a href class="button primary">` buttons.
 * Other inline HTML is not handled here (the caller keeps it as text).
 */

const STYLE_PART = /(background-color|color)\s*:\s*([\w-]+)/g;

/** The colours of a `<mark>`'s style, `default` for an absent one. */
function colorsOf(style: string): { text: string; background: string } {
  const colors = { text: "default", background: "default" };
  for (const match of style.matchAll(STYLE_PART)) {
    if (match[1] === "color") colors.text = match[2] as string;
    else colors.background = match[2] as string;
  }
  return colors;
}

/** Handles one inline HTML tag; false when it is not one of GitBook's. */
export function inlineHtml(html: string, b: InlineBuilder, ctx: InlineContext): boolean {
  if (/^<\/mark>$/i.test(html)) {
    if (b.colors.length === 0) return false;
    b.colors.pop();
    return true;
  }
  const mark = htmlAttrs(html, "mark");
  if (mark) {
    b.colors.push(colorsOf(mark.style ?? ""));
    return true;
  }
  if (/^<\/a>$/i.test(html) && b.button) {
    const { data, label } = b.button;
    b.button = null;
    b.inline({ object: "inline", type: "button", key: "", isVoid: true, data: { ...data, label } });
    return true;
  }
  const anchor = htmlAttrs(html, "a");
  if (
    anchor &&
    /(?:^|\s)button(?:\s|$)/.test(anchor.class ?? "") &&
    isSafeHref(anchor.href ?? "")
  ) {
    const kind = /(?:^|\s)secondary(?:\s|$)/.test(anchor.class ?? "") ? "secondary" : "primary";
    const data = { ref: resolveWith(ctx.resolveHref, anchor.href ?? ""), kind } as const;
    b.button = {
      data: anchor["data-icon"] ? { ...data, icon: anchor["data-icon"] } : data,
      label: "",
    };
    return true;
  }
  const img = htmlAttrs(html, "img");
  if (img && isSafeHref(img.src ?? "", "image")) {
    const data: DocumentInlineImage["data"] = {
      ref: resolveImageWith(ctx.resolveHref, img.src ?? ""),
    };
    if (img.alt) data.alt = img.alt;
    const size = img["data-size"];
    if (size === "line" || size === "original") data.size = size;
    b.inline({ object: "inline", type: "inline-image", key: "", isVoid: true, data });
    return true;
  }
  return false;
}
