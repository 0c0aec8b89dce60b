import { describe, expect, it } from "vitest";
import { renderMessage } from "../../../reader/src/layout/message";
import { renderNotFound } from "../../../reader/src/layout/not-found";
import { renderPage } from "../../../reader/src/layout/page";
import { renderSearchPage } from "../../../reader/src/layout/search";
import { notFoundView, pageView, searchView, siteView } from "../fixtures/views";
import { expectSafePage, headOf } from "./checks";

/** The head of every reader page: what search engines, social cards and browsers read. */
describe("reader layout: the head", () => {
  it("names the page and site, with description, canonical, social cards and alternates", () => {
    const head = headOf(renderPage(pageView()));
    expect(head).toContain('<meta charset="utf-8"/>');
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(head).toContain("<title>On Linux · Acme Docs</title>");
    expect(head).toContain('<meta name="description" content="Install Acme on a Linux machine."/>');
    expect(head).toContain(
      '<link rel="canonical" href="https://docs.acme.test/docs/install/linux"/>',
    );
    expect(head).toContain('<meta property="og:title" content="On Linux"/>');
    expect(head).toContain(
      '<meta property="og:description" content="Install Acme on a Linux machine."/>',
    );
    expect(head).toContain(
      '<meta property="og:url" content="https://docs.acme.test/docs/install/linux"/>',
    );
    expect(head).toContain('<meta property="og:type" content="article"/>');
    expect(head).toContain('<meta property="og:site_name" content="Acme Docs"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary"/>');
    expect(head).toContain(
      '<link rel="alternate" hreflang="fr" href="https://docs.acme.test/docs/fr/install/linux"/>',
    );
    expect(head).toContain(
      '<link rel="alternate" type="text/markdown" href="/docs/install/linux.md"/>',
    );
  });

  it("links the reader's stylesheets and scripts from the site's asset path, theme.js blocking", () => {
    const head = headOf(renderPage(pageView({ site: siteView({ assetsPath: "/_quire/v2" }) })));
    for (const sheet of ["reader.css", "document.css", "openapi.css"]) {
      expect(head).toContain(`<link rel="stylesheet" href="/_quire/v2/${sheet}"/>`);
    }
    expect(head).toContain('<script src="/_quire/v2/theme.js"></script>');
    expect(head).toContain('<script src="/_quire/v2/reader.js" defer=""></script>');
    expect(head).toContain('<script src="/_quire/v2/document.js" defer=""></script>');
    // The theme is set before the stylesheets paint anything: theme.js has no defer or async.
    expect(head).not.toMatch(/theme\.js"[^>]*(defer|async)/);
  });

  it("tells robots to stay away unless the site is public", () => {
    const hidden = /<meta name="robots" content="noindex"\/>/;
    expect(headOf(renderPage(pageView()))).not.toMatch(hidden);
    const unlisted = pageView({ site: siteView({ indexable: false }) });
    expect(headOf(renderPage(unlisted))).toMatch(hidden);
    // Search results, 404s and messages are never indexed, even on a public site.
    expect(headOf(renderSearchPage(searchView()))).toMatch(hidden);
    expect(headOf(renderNotFound(notFoundView()))).toMatch(hidden);
    expect(headOf(renderMessage({ site: siteView(), nav: [], title: "Hi", message: "x" }))).toMatch(
      hidden,
    );
  });

  it("uses the site's language on <html>, English when none is known", () => {
    expect(renderPage(pageView({ site: siteView({ lang: "fr" }) }))).toContain('<html lang="fr">');
    expect(renderNotFound({ nav: [], suggestions: [] })).toContain('<html lang="en">');
  });

  it("leaves out what a page does not have", () => {
    const view = pageView({ alternates: [] });
    view.page = { id: "p", title: "Bare" };
    const head = headOf(renderPage(view));
    expect(head).not.toContain('name="description"');
    expect(head).not.toContain("og:description");
    expect(head).not.toContain("hreflang");
    expect(head).toContain("<title>Bare · Acme Docs</title>");
  });

  it("keeps the title single when the page is named like the site, or no site is known", () => {
    const view = pageView();
    view.page = { ...view.page, title: "Acme Docs" };
    expect(headOf(renderPage(view))).toContain("<title>Acme Docs</title>");
    const bare = renderMessage({ nav: [], title: "Service unavailable", message: "Try later." });
    expect(headOf(bare)).toContain("<title>Service unavailable</title>");
    expect(headOf(bare)).toContain('<link rel="stylesheet" href="/_quire/reader.css"/>');
    expectSafePage(bare);
  });
});
