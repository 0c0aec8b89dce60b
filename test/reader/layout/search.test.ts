import { describe, expect, it } from "vitest";
import { renderSearchPage } from "../../../reader/src/layout/search";
import { searchView } from "../fixtures/views";
import { expectSafePage } from "./checks";

/** The server-side search page: hits, nothing found, no query, and a failed search. */
describe("reader layout: the search page", () => {
  const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

  it("lists the hits with their sections, the query back in the header's field", () => {
    const html = renderSearchPage(
      searchView({
        hits: [
          ...searchView().hits,
          { title: "Windows", href: "/docs/win", context: "Version 2", sections: [] },
        ],
      }),
    );
    expectSafePage(html);
    expect(html).toContain("<title>Search: linux · Acme Docs</title>");
    expect(html).toMatch(/<input id="q-search-input"[^>]* name="q" value="linux"/);
    const main = mainOf(html);
    expect(main).toContain('<h1 class="q-title">Search</h1>');
    expect(main).toContain("2 results for “linux”");
    expect(main).toContain(
      '<h2 class="q-hit-title"><a href="/docs/install/linux">On Linux</a></h2>',
    );
    expect(main).toContain('<a href="/docs/install/linux#packages">Packages</a>');
    expect(main).toContain(
      '<p class="q-hit-excerpt">Install the package for your distribution.</p>',
    );
    expect(main).toContain('<p class="q-hit-context">Version 2</p>');
  });

  it("says so when nothing matches, and escapes the query", () => {
    const html = renderSearchPage(searchView({ query: "<b>zzz</b>", hits: [] }));
    const main = mainOf(html);
    expect(main).toContain("No results for “&lt;b&gt;zzz&lt;/b&gt;”.");
    expect(main).not.toContain("q-hits");
    expect(html).toContain('value="&lt;b&gt;zzz&lt;/b&gt;"');
    expect(html).not.toContain("<b>zzz");
  });

  it("asks for words when there is no query yet", () => {
    const main = mainOf(renderSearchPage(searchView({ query: "", hits: [] })));
    expect(main).toContain("Type a few words to search this site.");
  });

  it("says the search failed rather than showing an empty page", () => {
    const html = renderSearchPage(
      searchView({ hits: [], error: "Search is not available right now. Please try again." }),
    );
    expect(mainOf(html)).toContain(
      '<p class="q-error" role="alert">Search is not available right now. Please try again.</p>',
    );
    expect(html).not.toContain("No results");
  });

  it("says one result in the singular", () => {
    expect(renderSearchPage(searchView())).toContain("1 result for “linux”");
  });
});
