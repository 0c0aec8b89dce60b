import type { TocEntry } from "../../core/render/model";

/**
 * The plain values the reader's parts hand each other: what the routes read through the API
 * (reader/src/api) and what the page shell draws (`PageView`). What the document renderer needs
 * and answers (`RenderContext`, `TocEntry`...) is core/render/model.ts's: the app renders with it
 * too. Pure types: no I/O anywhere in this file.
 */

/** A navigation entry of the page tree (pages, groups, links), hidden pages already removed. */
export interface NavItem {
  id: string;
  title: string;
  kind: "page" | "group" | "link";
  href?: string;
  emoji?: string;
  /** True for the current page. */
  active?: boolean;
  /** True when the current page is this item or below it. */
  open?: boolean;
  children: NavItem[];
}

/** A section tab, a section group, or a variant (site space) of the current section. */
export interface SwitchItem {
  id: string;
  title: string;
  href: string;
  active: boolean;
  /** BCP 47 language of a variant, for hreflang. */
  lang?: string;
  /** Members of a section group. */
  children?: SwitchItem[];
}

/** The site around every page: title, logo, sections, variants, and where things live. */
export interface SiteView {
  id: string;
  title: string;
  /** Absolute URL of the site's root (no trailing slash). */
  baseUrl: string;
  /** Path prefix of the site's root on this host ("" or "/site_abc"). */
  basePath: string;
  /** Path prefix of the current site space (basePath + section and variant segments). */
  spacePath: string;
  sections: SwitchItem[];
  variants: SwitchItem[];
  /** `public` sites are indexable; everything else answers `noindex`. */
  indexable: boolean;
  lang?: string;
  /** The reader's own asset URL prefix (hashed names under it). */
  assetsPath: string;
}

/** A link with a title: breadcrumbs, previous and next. */
export interface LinkView {
  title: string;
  href: string;
}

/** Everything the page shell draws around a rendered document. */
export interface PageView {
  site: SiteView;
  nav: NavItem[];
  page: { id: string; title: string; description?: string; emoji?: string; updatedAt?: string };
  breadcrumbs: LinkView[];
  toc: TocEntry[];
  previous?: LinkView;
  next?: LinkView;
  /** The rendered document (trusted HTML from the renderer). */
  contentHtml: string;
  canonical: string;
  /** Alternates of this page in other variants (hreflang). */
  alternates: Array<{ lang: string; href: string }>;
  /** The `.md` twin of this page. */
  markdownHref: string;
}

/** One hit of site search, as the search page lists it (plain text; the shell escapes it). */
export interface SearchHitView {
  title: string;
  href: string;
  /** Where it lives: the section / variant title, when the site has several. */
  context?: string;
  /** Matching sections of the page (heading title + text excerpt). */
  sections: Array<{ title: string; href: string; excerpt: string }>;
}

/** The server-side search page (works without JavaScript). */
export interface SearchView {
  site: SiteView;
  nav: NavItem[];
  query: string;
  hits: SearchHitView[];
  /** The address of the next results when the API has more. */
  next?: string;
  /** The address of the first results when this is a later page of them. */
  first?: string;
  /** A query was sent but the API refused or failed: say so, never a blank page. */
  error?: string;
}

/** The 404 page: the site's shell when the site is known, with pages whose path is close. */
export interface NotFoundView {
  site?: SiteView;
  nav: NavItem[];
  suggestions: LinkView[];
}
