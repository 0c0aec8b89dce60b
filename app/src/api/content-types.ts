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
