import type { MergeRules } from "./types";

/**
 * The shapes of the API's content answers the reading and organising screens show: spaces,
 * collections, revisions, pages, change requests and search hits (the parts of the /v1 wire
 * the app reads; the API's OpenAPI document is their definition).
 */

/** A space (`Space`), as far as the screens show it. */
export interface Space {
  id: string;
  title: string;
  emoji?: string;
  visibility: string;
  createdAt: string;
  updatedAt: string;
  organization: string;
  parent?: string;
  revision: string;
  /** The role every member has by default: a role, null (none) or "inherit". */
  defaultLevel?: string | null;
  changeRequestsOpen?: number;
  changeRequestsDraft?: number;
  urls: { app: string; location: string; published?: string };
  /** The space's merge rules, or "inherit" (the organization's). */
  mergeRules?: MergeRules;
  /** "live": main's pages are edited in place through their live rooms; "locked": not at all. */
  editMode?: string;
  permissions?: Record<string, boolean>;
}

/** A collection (`Collection`). */
export interface Collection {
  id: string;
  title: string;
  description?: string;
  organization: string;
  parent?: string;
  /** The role every member has by default: a role, null (none) or "inherit". */
  defaultLevel?: string | null;
  urls: { app: string; location: string };
  permissions?: Record<string, boolean>;
}

/** A section of a search hit. */
interface SearchSection {
  id: string;
  title: string;
  path: string;
  body: string;
  urls: { app: string };
}

/** A page of a space search hit. */
interface SearchPage {
  id: string;
  title: string;
  path: string;
  sections?: SearchSection[];
  ancestors?: Array<{ title: string }>;
  urls: { app: string };
}

/** An organization search item: a space and its matching pages. */
export interface OrgSearchItem {
  id: string;
  title: string;
  pages: SearchPage[];
}

/** A page of a revision's tree (`RevisionPage`: document, group, link or computed). */
export interface TreePage {
  id: string;
  title: string;
  type: "document" | "group" | "link" | "computed";
  /** The page's whole path in the space ("guides/install"); link pages have none. */
  path?: string;
  emoji?: string;
  description?: string;
  hidden?: boolean;
  /** A link page's resolved address. */
  href?: string;
  pages?: TreePage[];
}

/** A file of a revision (`RevisionFile`), as documents show it. */
export interface RevisionFileEntry {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
  dimensions?: { width: number; height: number };
}

/** A space's revision with its page tree and files (`Revision`, read with `bodies=false`). */
export interface RevisionTree {
  id: string;
  pages: TreePage[];
  files: RevisionFileEntry[];
}

/** A page read with its body (`GET …/content/page/{pageId}`): its JSON document, if any. */
export interface PageRead {
  id: string;
  title: string;
  type: TreePage["type"];
  description?: string;
  document?: unknown;
}
