import type { SearchHitView, SearchView } from "../model";
import { htmlDocument, Shell } from "./shell";

/**
 * The server-side search page (`<space>/~search?q=`): the query in the header's field, the
 * hits with their matching sections, and a plain sentence when there is nothing to show or
 * the search failed. It works without JavaScript.
 */

/** One page hit and its matching sections. */
function Hit(props: { hit: SearchHitView }) {
  const { hit } = props;
  return (
    <li class="q-hit">
      <h2 class="q-hit-title">
        <a href={hit.href}>{hit.title}</a>
      </h2>
      {hit.context ? <p class="q-hit-context">{hit.context}</p> : null}
      {hit.sections.length > 0 ? (
        <ul class="q-hit-sections">
          {hit.sections.map((section) => (
            <li>
              <a href={section.href}>{section.title}</a>
              {section.excerpt ? <p class="q-hit-excerpt">{section.excerpt}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The line above the hits: how many, nothing found, or what to do. */
function Summary(props: { view: SearchView }) {
  const { query, hits, error } = props.view;
  if (error) {
    return (
      <p class="q-error" role="alert">
        {error}
      </p>
    );
  }
  if (!query) return <p class="q-search-summary">Type a few words to search this site.</p>;
  if (hits.length === 0) {
    return <p class="q-search-summary">No results for “{query}”.</p>;
  }
  const count = hits.length === 1 ? "1 result" : `${hits.length} results`;
  const shown = props.view.next || props.view.first ? `${count} on this page` : count;
  return (
    <p class="q-search-summary">
      {shown} for “{query}”{props.view.next ? ", more on the next pages" : ""}
    </p>
  );
}

/** Links to the first and the next results, when there are more than one page of them. */
function Paging(props: { view: SearchView }) {
  const { next, first } = props.view;
  if (!next && !first) return null;
  return (
    <nav class="q-search-paging" aria-label="Search results pages">
      {first ? <a href={first}>First results</a> : null}
      {next ? (
        <a href={next} rel="next">
          Next results
        </a>
      ) : null}
    </nav>
  );
}

/** The full HTML document of the search page. */
export function renderSearchPage(view: SearchView): string {
  return htmlDocument(
    <Shell
      site={view.site}
      nav={view.nav}
      title={view.query ? `Search: ${view.query}` : "Search"}
      indexable={false}
      query={view.query}
    >
      <h1 class="q-title">Search</h1>
      <Summary view={view} />
      {view.hits.length > 0 ? (
        <ol class="q-hits">
          {view.hits.map((hit) => (
            <Hit hit={hit} />
          ))}
        </ol>
      ) : null}
      <Paging view={view} />
    </Shell>,
  );
}
