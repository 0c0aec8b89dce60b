import type { NotFoundView } from "../model";
import { siteRoot } from "./header";
import { SearchForm } from "./search-form";
import { htmlDocument, Shell } from "./shell";

/**
 * The 404 page: in the site's shell when the site is known, with the pages whose path is
 * close to the one asked for, a way home and a search form; a bare page otherwise.
 */

/** The full HTML document of the 404 page. */
export function renderNotFound(view: NotFoundView): string {
  const { site } = view;
  return htmlDocument(
    <Shell site={site} nav={view.nav} title="Page not found" indexable={false}>
      <h1 class="q-title">Page not found</h1>
      <p>There is no page at this address. It may have moved or been removed.</p>
      {view.suggestions.length > 0 ? (
        <section class="q-suggestions" aria-labelledby="q-suggestions-title">
          <h2 id="q-suggestions-title">Were you looking for one of these?</h2>
          <ul>
            {view.suggestions.map((link) => (
              <li>
                <a href={link.href}>{link.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {site ? (
        <>
          <p>
            <a href={siteRoot(site)}>Go to the home page of {site.title}</a>
          </p>
          <SearchForm site={site} id="q-search-404" label="Search this site" />
        </>
      ) : null}
    </Shell>,
  );
}
