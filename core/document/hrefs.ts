import { safeHref } from "../links/safe-href";
import type { ContentRef, ImageRef } from "./types";

/** Maps a markdown link target to a content reference; null means "use the default mapping". */
export type ResolveHref = (href: string) => ContentRef | null;
/** Maps a content reference to a markdown link target; null means "use the default mapping". */
export type HrefFor = (ref: ContentRef) => string | null;

const PAGE = /^(?:\/spaces\/([^/?#]+))?\/pages\/([^/?#]+)\/?(?:#(.*))?$/;
const FILE = /^(?:\/spaces\/([^/?#]+))?\/files\/([^/?#]+)\/?$/;

/**
 * The default link mapping, the exact inverse of `defaultHrefFor`: `/pages/<id>` is a page,
 * `/pages/<id>#a` an anchor in it, `#a` an anchor in the current page, `/files/<id>` a file
 * (each optionally prefixed by `/spaces/<id>`), anything else a URL.
 */
export function defaultResolveHref(href: string): ContentRef {
  const page = PAGE.exec(href);
  if (page) {
    const [, space, id, anchor] = page as unknown as [string, string?, string?, string?];
    const scope = space ? { space } : {};
    if (anchor) return { kind: "anchor", anchor, page: id as string, ...scope };
    return { kind: "page", page: id as string, ...scope };
  }
  const file = FILE.exec(href);
  if (file) {
    const [, space, id] = file as unknown as [string, string?, string?];
    return { kind: "file", file: id as string, ...(space ? { space } : {}) };
  }
  if (href.startsWith("#") && href.length > 1) return { kind: "anchor", anchor: href.slice(1) };
  return { kind: "url", url: href };
}

const spacePrefix = (space: string | undefined): string => (space ? `/spaces/${space}` : "");

/** The default href of every official reference kind, so rendering never fails on a kind. */
export function defaultHrefFor(ref: ContentRef): string {
  switch (ref.kind) {
    case "url":
      return ref.url;
    case "page":
      return `${spacePrefix(ref.space)}/pages/${ref.page}`;
    case "anchor":
      return ref.page
        ? `${spacePrefix(ref.space)}/pages/${ref.page}#${ref.anchor}`
        : `#${ref.anchor}`;
    case "file":
      return `${spacePrefix(ref.space)}/files/${ref.file}`;
    case "user":
      return `/users/${ref.user}`;
    case "space":
      return `/spaces/${ref.space}`;
    case "collection":
      return `/collections/${ref.collection}`;
    case "reusable-content":
      return `${spacePrefix(ref.space)}/reusable-contents/${ref.reusableContent}`;
    case "tag":
      return `${spacePrefix(ref.space)}/tags/${ref.tag}`;
    case "openapi":
      return `/openapi/${ref.spec}`;
  }
}

/** Resolves a link target with the caller's resolver, falling back to the default mapping. */
export function resolveWith(resolve: ResolveHref | undefined, href: string): ContentRef {
  return resolve?.(href) ?? defaultResolveHref(href);
}

/** Resolves an image source; images may only reference a URL or a file. */
export function resolveImageWith(resolve: ResolveHref | undefined, src: string): ImageRef {
  const ref = resolveWith(resolve, src);
  return ref.kind === "url" || ref.kind === "file" ? ref : { kind: "url", url: src };
}

/** The field each reference kind requires, to check references read from stored documents. */
const REQUIRED_FIELD: Record<string, string> = {
  url: "url",
  page: "page",
  anchor: "anchor",
  file: "file",
  user: "user",
  space: "space",
  collection: "collection",
  "reusable-content": "reusableContent",
  tag: "tag",
  openapi: "spec",
};

/** Reads a reference from untrusted document data: a known kind with its required field. */
export function asContentRef(value: unknown): ContentRef | null {
  if (typeof value !== "object" || value === null) return null;
  const ref = value as Record<string, unknown>;
  const kind = ref.kind;
  const required =
    typeof kind === "string" && Object.hasOwn(REQUIRED_FIELD, kind) ? REQUIRED_FIELD[kind] : null;
  if (!required || typeof ref[required] !== "string") return null;
  return ref as unknown as ContentRef;
}

/**
 * The href to render for a reference read from a document, or null when it is not one or the
 * link rule refuses its target (`safeHref`, as a link or an image): the renderer then drops the
 * link and keeps its text. The href is the rule's answer (`//host` written as `https://host`).
 */
export function hrefOf(
  value: unknown,
  hrefFor: HrefFor | undefined,
  use: "link" | "image" = "link",
): string | null {
  const ref = asContentRef(value);
  if (!ref) return null;
  const href = hrefFor?.(ref) ?? defaultHrefFor(ref);
  return safeHref(href, use);
}

/** What a relative path in a page names: a page or a file of the space, or nothing known. */
type LinkTarget = { kind: "page"; page: string } | { kind: "file"; file: string } | null;
/** Resolves a relative path (no anchor, percent-decoded) to a page or file. */
export type ResolveLink = (path: string) => LinkTarget;

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A link resolver for relative paths (GitBook's `other-page.md#anchor`, `.gitbook/assets/x.png`):
 * `resolveLink` names the page or file, the anchor is kept; an absolute URL, a bare `#anchor` or
 * an unknown path falls back to the default mapping.
 */
export function relativeLinks(resolveLink: ResolveLink): ResolveHref {
  return (href) => {
    if (ABSOLUTE.test(href) || href.startsWith("#") || href === "") return null;
    const hash = href.indexOf("#");
    const rawPath = hash < 0 ? href : href.slice(0, hash);
    const anchor = hash < 0 ? "" : href.slice(hash + 1);
    let path = rawPath;
    try {
      path = decodeURI(rawPath);
    } catch {
      // A malformed escape: the path as written.
    }
    const target = resolveLink(path);
    if (target === null) return null;
    if (target.kind === "file") return { kind: "file", file: target.file };
    return anchor
      ? { kind: "anchor", page: target.page, anchor }
      : { kind: "page", page: target.page };
  };
}
