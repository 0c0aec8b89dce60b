/**
 * GitBook's content references (`ContentRef*` of the official OpenAPI document), what links,
 * images and reference blocks point at.
 */

/** A link to a URL outside the platform (`ContentRefURL`). */
interface ContentRefUrl {
  kind: "url";
  url: string;
}
/** A link to a file of a space (`ContentRefFile`). */
interface ContentRefFile {
  kind: "file";
  file: string;
  space?: string;
}
/** A link to a page (`ContentRefPage`). */
interface ContentRefPage {
  kind: "page";
  page: string;
  space?: string;
}
/** A link to an anchor, in a page or in the current page (`ContentRefAnchor`). */
interface ContentRefAnchor {
  kind: "anchor";
  anchor: string;
  page?: string;
  space?: string;
}
/** The other official reference kinds; rendered but never produced by the parser's defaults. */
type ContentRefOther =
  | { kind: "user"; user: string }
  | { kind: "space"; space: string }
  | { kind: "collection"; collection: string }
  | { kind: "reusable-content"; reusableContent: string; space?: string }
  | { kind: "tag"; tag: string; space?: string }
  | { kind: "openapi"; spec: string };
/** Every official `ContentRef` kind, so link extraction can switch on `kind`. */
export type ContentRef =
  | ContentRefUrl
  | ContentRefFile
  | ContentRefPage
  | ContentRefAnchor
  | ContentRefOther;
/** Images may only point at a URL or a file (`DocumentBlockImage.data.ref`). */
export type ImageRef = ContentRefUrl | ContentRefFile;
