import { asContentRef } from "../../document/hrefs";
import type { ContentRef } from "../../document/types";
import { safeHref } from "../../links/safe-href";
import type { RenderContext } from "../model";

/**
 * Where a content reference leads in the reader, one rule for links, mentions, buttons, cards
 * and table cells: a URL as the one link rule answers it (core/links/safe-href.ts), a page or
 * file through the prefetched lookups, an anchor on this page or another. Anything else has no
 * href and renders as text.
 */

/** A URL an embed, a frame or an integration's card may show: an absolute web page, or undefined. */
export function webUrl(url: string): string | undefined {
  return safeHref(url, "web") ?? undefined;
}

/** A URL an image may load from (http(s), this site, raster `data:`), or undefined. */
export function imageUrl(url: string): string | undefined {
  return safeHref(url, "image") ?? undefined;
}

/** A reference read from a node's data, validated; undefined when malformed. */
export function refOf(value: unknown): ContentRef | undefined {
  return asContentRef(value) ?? undefined;
}

/** The href of a reference in the reader, or undefined when it leads nowhere people can go. */
export function hrefOf(ref: ContentRef, ctx: RenderContext): string | undefined {
  switch (ref.kind) {
    case "url":
      return safeHref(ref.url) ?? undefined;
    case "page":
      return ctx.page(ref.page)?.href;
    case "anchor": {
      const hash = `#${encodeURIComponent(ref.anchor)}`;
      if (!ref.page) return hash;
      const href = ctx.page(ref.page)?.href;
      if (!href) return undefined;
      return href === ctx.currentHref ? hash : `${href}${hash}`;
    }
    case "file":
      return ctx.file(ref.file)?.url;
    default:
      return undefined;
  }
}

/** What a reference is called when it stands alone (mentions, cards): a title, a name, the URL. */
export function labelOf(ref: ContentRef, ctx: RenderContext): string {
  switch (ref.kind) {
    case "url":
      return ref.url;
    case "page":
      return ctx.page(ref.page)?.title ?? "A page that is unavailable";
    case "anchor": {
      const page = ref.page ? ctx.page(ref.page) : undefined;
      return page ? `${page.title} › ${ref.anchor}` : `#${ref.anchor}`;
    }
    case "file":
      return ctx.file(ref.file)?.name ?? "A file that is unavailable";
    case "user":
      return "A member of the organization";
    case "space":
      return "Another space";
    case "collection":
      return "A collection";
    case "reusable-content":
      return "Reusable content";
    case "tag":
      return `Tag ${ref.tag}`;
    case "openapi":
      return `API specification ${ref.spec}`;
  }
}
