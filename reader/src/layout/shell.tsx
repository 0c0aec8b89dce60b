import type { Child } from "hono/jsx";
import type { JSX } from "hono/jsx/jsx-runtime";
import type { NavItem } from "../model";
import type { TocEntry } from "../../../core/render/model";
import { ASSETS_PATH } from "../site/site-view";
import { Head, type HeadProps } from "./head";
import { Header } from "./header";
import { Sidebar, Toc, TOC_MIN_ENTRIES } from "./nav";

/**
 * The frame every reader page shares: head, skip link, site header, the page tree on the left,
 * the main column, the on-page contents on the right, the footer, and one polite live region
 * the scripts announce through ("Copied", "Thanks for the feedback"). Rendered synchronously:
 * the layouts have no async components, so a promise out of the render is a bug.
 */

/** What a page hands the shell around its main column. */
export interface ShellProps extends Omit<HeadProps, "assetsPath"> {
  nav: NavItem[];
  toc?: TocEntry[];
  /** The query shown in the header's search field (the search page). */
  query?: string;
  children?: Child;
}

/** The whole `<html>` element of a reader page. */
export function Shell(props: ShellProps) {
  const { site, nav, toc = [] } = props;
  const layout = [
    "q-layout",
    nav.length > 0 ? "q-has-nav" : "",
    toc.length >= TOC_MIN_ENTRIES ? "q-has-toc" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <html lang={site?.lang ?? "en"}>
      <Head {...props} assetsPath={site?.assetsPath ?? ASSETS_PATH} />
      <body>
        <a class="q-skip-link" href="#content">
          Skip to content
        </a>
        {site ? <Header site={site} query={props.query} /> : null}
        <div class={layout}>
          <Sidebar nav={nav} />
          <main id="content" class="q-main" tabindex={-1}>
            {props.children}
          </main>
          <Toc entries={toc} />
        </div>
        <footer class="q-footer">
          <p>Published with Quire</p>
        </footer>
        <div class="q-visually-hidden" id="q-announcer" role="status" aria-live="polite"></div>
      </body>
    </html>
  );
}

/** A full HTML document from a layout's root element (`<html>`). */
export function htmlDocument(root: JSX.Element): string {
  const html: unknown = root.toString();
  if (typeof html !== "string") throw new Error("layouts render synchronously");
  return `<!doctype html>${html}`;
}
