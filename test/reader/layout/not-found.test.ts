import { describe, expect, it } from "vitest";
import { renderMessage } from "../../../reader/src/layout/message";
import { renderNotFound } from "../../../reader/src/layout/not-found";
import { notFoundView, siteView } from "../fixtures/views";
import { expectSafePage } from "./checks";

/** The 404 page and the plain message page, with and without a known site. */
describe("reader layout: 404 and message pages", () => {
  it("suggests close pages, a way home and a search form in the site's shell", () => {
    const html = renderNotFound(notFoundView());
    expectSafePage(html);
    expect(html).toContain("<title>Page not found · Acme Docs</title>");
    expect(html).toContain('<h1 class="q-title">Page not found</h1>');
    expect(html).toContain(
      '<ul><li><a href="/docs/install/linux">On Linux</a></li><li><a href="/docs/install">Install</a></li></ul>',
    );
    expect(html).toContain('<a href="/docs">Go to the home page of Acme Docs</a>');
    expect(html).toMatch(
      /<form role="search"[^>]*id="q-search-404"[^>]*aria-label="Search this site"/,
    );
    expect(html).toContain('<nav class="q-nav" aria-label="Pages">');
    // Two search forms on the page: their ids and landmark names differ.
    expect(html).toContain('id="q-search-404-input"');
    expect(html).toContain('id="q-search-input"');
  });

  it("leaves out the suggestions when there are none", () => {
    const html = renderNotFound(notFoundView({ suggestions: [] }));
    expect(html).not.toContain("Were you looking for");
  });

  it("is a bare page when no site answers the address", () => {
    const html = renderNotFound({ nav: [], suggestions: [] });
    expectSafePage(html);
    expect(html).toContain("<title>Page not found</title>");
    expect(html).not.toContain("<header");
    expect(html).not.toContain('role="search"');
    expect(html).not.toContain("q-menu");
  });

  it("roots the home link at / for a site on its own host", () => {
    const html = renderNotFound(notFoundView({ site: siteView({ basePath: "" }) }));
    expect(html).toContain('<a class="q-site-title" href="/">Acme Docs</a>');
    expect(html).toContain('<a href="/">Go to the home page of Acme Docs</a>');
  });

  it("shows a message, in the site's shell when known", () => {
    const html = renderMessage({
      site: siteView(),
      nav: [],
      title: "This site needs you to sign in",
      message: "Sign in with your company account to read it.",
    });
    expectSafePage(html);
    expect(html).toContain("<title>This site needs you to sign in · Acme Docs</title>");
    expect(html).toContain('<h1 class="q-title">This site needs you to sign in</h1>');
    expect(html).toContain(
      '<p class="q-message">Sign in with your company account to read it.</p>',
    );
    expect(html).toContain('<a href="/docs">Go to the home page of Acme Docs</a>');
    const bare = renderMessage({ nav: [], title: "Oops <i>", message: "Down & out" });
    expect(bare).toContain('<h1 class="q-title">Oops &lt;i&gt;</h1>');
    expect(bare).toContain("Down &amp; out");
    expect(bare).not.toContain("Go to the home page");
  });
});
