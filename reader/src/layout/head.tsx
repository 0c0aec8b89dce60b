import type { SiteView } from "../model";

/**
 * The `<head>` of every reader page: title, description, robots, canonical, social cards,
 * language alternates, the Markdown twin, the icon (declared, so no browser asks for a missing
 * `/favicon.ico`), and the reader's own stylesheets and scripts (no
 * inline code: the reader's CSP allows only its own files).
 */

/** What the head says about one page. */
export interface HeadProps {
  site?: SiteView;
  /** The page's own title (the site's title is added after it). */
  title: string;
  description?: string;
  canonical?: string;
  /** False for pages no search engine should keep (search results, 404, messages). */
  indexable: boolean;
  alternates?: Array<{ lang: string; href: string }>;
  markdownHref?: string;
  /** The reader's asset prefix (the site's, or the default when no site is known). */
  assetsPath: string;
}

/** "Page · Site", or the page's title alone when it is the site's own or no site is known. */
function documentTitle(title: string, site?: SiteView): string {
  return site && site.title !== title ? `${title} · ${site.title}` : title;
}

/** The head element. */
export function Head(props: HeadProps) {
  const { site, description, canonical, assetsPath } = props;
  const title = documentTitle(props.title, site);
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {props.indexable ? null : <meta name="robots" content="noindex" />}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      <meta property="og:title" content={props.title} />
      {description ? <meta property="og:description" content={description} /> : null}
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      <meta property="og:type" content="article" />
      {site ? <meta property="og:site_name" content={site.title} /> : null}
      <meta name="twitter:card" content="summary" />
      {(props.alternates ?? []).map((alt) => (
        <link rel="alternate" hreflang={alt.lang} href={alt.href} />
      ))}
      {props.markdownHref ? (
        <link rel="alternate" type="text/markdown" href={props.markdownHref} />
      ) : null}
      <link rel="icon" type="image/svg+xml" href={`${assetsPath}/favicon.svg`} />
      <link rel="stylesheet" href={`${assetsPath}/reader.css`} />
      <link rel="stylesheet" href={`${assetsPath}/document.css`} />
      <link rel="stylesheet" href={`${assetsPath}/openapi.css`} />
      <script src={`${assetsPath}/theme.js`}></script>
      <script src={`${assetsPath}/reader.js`} defer></script>
      <script src={`${assetsPath}/document.js`} defer></script>
    </head>
  );
}
