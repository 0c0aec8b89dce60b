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
  changeRequestsOpen?: number;
  changeRequestsDraft?: number;
  urls: { app: string; location: string; published?: string };
  permissions?: Record<string, boolean>;
}

/** A collection (`Collection`). */
export interface Collection {
  id: string;
  title: string;
  description?: string;
  organization: string;
  parent?: string;
  urls: { app: string; location: string };
  permissions?: Record<string, boolean>;
}

/** A page of a revision's tree (`RevisionPage`: document, group, link, computed). */
export interface Page {
  id: string;
  title: string;
  kind?: string;
  type: string;
  emoji?: string;
  slug?: string;
  path?: string;
  hidden?: boolean;
  description?: string;
  href?: string;
  target?: unknown;
  updatedAt?: string;
  pages?: Page[];
  urls?: { app: string };
}

/** A page with its body (`GET …/page/{id}` or `…/path/{path}`). */
export interface PageWithDocument extends Page {
  document?: { object?: string; nodes?: unknown[]; data?: Record<string, unknown> };
}

/** A revision file. */
export interface RevisionFile {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
  dimensions?: { width: number; height: number };
}

/** A revision (`Revision`): its pages and files. */
export interface Revision {
  id: string;
  parents: string[];
  pages: Page[];
  files: RevisionFile[];
  createdAt: string;
  type: string;
  git?: { message?: string };
  urls: { app: string };
}

/** A change request (`ChangeRequest`). */
export interface ChangeRequest {
  id: string;
  number: number;
  status: string;
  subject?: string;
  createdBy: { id: string; displayName: string };
  createdAt: string;
  updatedAt: string;
  revision: string;
  urls: { app: string; location: string };
}

/** A section of a search hit. */
export interface SearchSection {
  id: string;
  title: string;
  path: string;
  body: string;
  urls: { app: string };
}

/** A page of a space search hit. */
export interface SearchPage {
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
