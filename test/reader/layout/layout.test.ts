import { describe, expect, it } from "vitest";
import { renderPage } from "../../../reader/src/layout/page";
import { FEEDBACK_NOTES } from "../../../reader/src/layout/page-parts";
import {
  languageVariants,
  largeNav,
  navItem,
  navTree,
  pageView,
  sectionTabs,
  siteView,
  notFoundView,
  searchView,
} from "../fixtures/views";
import { expectSafePage, headOf } from "./checks";
import { renderMessage } from "../../../reader/src/layout/message";
import { renderNotFound } from "../../../reader/src/layout/not-found";
import { renderSearchPage } from "../../../reader/src/layout/search";
import readerJs from "../../../reader/public/_quire/reader.js?raw";
import themeJs from "../../../reader/public/_quire/theme.js?raw";

describe("page", () => {
  /** The body of a document page: header, page tree, main column, contents, footer. */
  describe("reader layout: a document page", () => {
    const EVIL = '<script>alert("x")</script>';

    it("is CSP-safe and same-host, with a skip link, main landmark and footer", () => {
      const site = siteView({ sections: sectionTabs(), variants: languageVariants() });
      const html = renderPage(pageView({ site }));
      expectSafePage(html);
      expect(html).toContain('<footer class="q-footer"><p>Published with Quire</p></footer>');
      expect(html).toContain('<div class="q-visually-hidden" id="q-announcer" role="status"');
    });

    it("escapes every text and attribute it is given (the document HTML alone is raw)", () => {
      const view = pageView({
        site: siteView({
          title: EVIL,
          sections: [{ id: "s", title: EVIL, href: '/a"b', active: true }],
          variants: [
            { id: "v1", title: EVIL, href: "/v1", active: true, lang: "en" },
            { id: "v2", title: "Two", href: "/v2", active: false, lang: 'fr"x' },
          ],
        }),
        nav: [navItem({ id: "n", title: EVIL, emoji: EVIL, href: '/n"onclick="x' })],
        breadcrumbs: [{ title: EVIL, href: "/b" }],
        toc: [
          { id: 'x"y', title: EVIL, depth: 2 },
          { id: "z", title: "Z", depth: 2 },
        ],
        previous: { title: EVIL, href: "/p" },
        next: { title: EVIL, href: "/q" },
        canonical: 'https://docs.acme.test/a"b',
        alternates: [{ lang: 'de"x', href: "https://docs.acme.test/de" }],
        markdownHref: '/a.md"x',
        contentHtml: "<p>Trusted <strong>document</strong></p>",
      });
      view.page = { id: 'id"x', title: EVIL, description: EVIL, emoji: EVIL };
      const html = renderPage(view);
      expect(html).not.toContain("<script>alert");
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(html).not.toMatch(/="[^"]*"(?:onclick|x|b|y)"/);
      expect(html).toContain('href="/n&quot;onclick=&quot;x"');
      expect(html).toContain("<p>Trusted <strong>document</strong></p>");
      expectSafePage(html);
    });

    it("marks the current page in the tree and opens its branch; groups are headings", () => {
      const html = renderPage(pageView({ nav: navTree() }));
      expect(html).toContain('<nav class="q-nav" aria-label="Pages">');
      expect(html).toContain('<a class="q-nav-link" href="/docs/linux" aria-current="page">');
      expect(html.match(/aria-current="page"/g)).toHaveLength(1);
      expect(html).toContain('<h2 class="q-nav-heading">Getting started</h2>');
      expect(html).toMatch(/<details class="q-nav-children" open="">\s*<summary/);
      expect(html).toContain('<span class="q-emoji" aria-hidden="true">👋</span>Introduction');
      // An external link says so to every reader.
      expect(html).toMatch(
        /href="https:\/\/status\.acme\.test"[^>]*>Status<span class="q-external">/,
      );
      expect(html).toContain("(external link)");
    });

    it("keeps closed the branches away from the current page", () => {
      const nav = [
        navItem({ id: "a", title: "A", children: [navItem({ id: "a1", title: "A1" })] }),
        navItem({ id: "b", title: "B", active: true, open: true }),
      ];
      const html = renderPage(pageView({ nav }));
      expect(html).toContain('<details class="q-nav-children"><summary');
      expect(html).toContain('<span class="q-visually-hidden">Pages under A</span>');
    });

    it("puts the page tree in a Menu disclosure that is open by default (no JS needed)", () => {
      const html = renderPage(pageView());
      expect(html).toMatch(
        /<details class="q-menu" open=""><summary class="q-button q-menu-button">Menu<\/summary><nav class="q-nav" aria-label="Pages">/,
      );
      expect(renderPage(pageView({ nav: [] }))).not.toContain("q-menu");
    });

    it("marks the current section tab; a section group is a menu of its sections", () => {
      const html = renderPage(pageView({ site: siteView({ sections: sectionTabs() }) }));
      expect(html).toContain('<nav class="q-tabs" aria-label="Sections">');
      expect(html).toContain('<a href="/docs/api" aria-current="page">API</a>');
      expect(html).toContain('<a href="/docs/guides">Guides</a>');
      expect(html).toMatch(
        /<details class="q-dropdown"><summary>More<\/summary><ul[^>]*><li><a href="\/docs\/sdk">SDK/,
      );
      const inGroup = sectionTabs();
      inGroup[1]!.active = false;
      inGroup[2]!.active = true;
      inGroup[2]!.children![1]!.active = true;
      const grouped = renderPage(pageView({ site: siteView({ sections: inGroup }) }));
      expect(grouped).toContain('<summary aria-current="true">More</summary>');
      expect(grouped).toContain('<a href="/docs/cli" aria-current="page">CLI</a>');
    });

    it("offers the variants as a menu of links with their languages", () => {
      const html = renderPage(pageView({ site: siteView({ variants: languageVariants() }) }));
      expect(html).toContain('<span class="q-visually-hidden">Version or language: </span>English');
      expect(html).toContain('<a href="/docs/fr" hreflang="fr" lang="fr">Français</a>');
      expect(html).toContain('<a href="/docs/en" hreflang="en" lang="en" aria-current="page">');
      expect(renderPage(pageView())).not.toContain("q-variants");
    });

    it("has a search form that works without JavaScript, and a theme toggle hidden until JS", () => {
      const html = renderPage(pageView({ site: siteView({ spacePath: "/docs/v2" }) }));
      expect(html).toMatch(
        /<form role="search" class="q-search" id="q-search" action="\/docs\/v2\/~search" method="get" aria-label="Site search" data-q-typeahead="">/,
      );
      expect(html).toContain(
        '<label for="q-search-input" class="q-visually-hidden">Search</label>',
      );
      expect(html).toMatch(/<input id="q-search-input"[^>]* type="search" name="q"/);
      expect(html).toMatch(/<button type="button" class="q-button q-theme-toggle" hidden=""/);
    });

    it("draws the main column: breadcrumbs, title, description, content, date, feedback, pager", () => {
      const html = renderPage(pageView());
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      expect(main).toContain(
        '<nav class="q-breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/docs/install">Install</a></li></ol></nav>',
      );
      expect(main).toContain(
        '<h1 class="q-title"><span class="q-emoji" aria-hidden="true">🐧</span>On Linux</h1>',
      );
      expect(main).toContain('<p class="q-description">Install Acme on a Linux machine.</p>');
      expect(main).toContain('<div class="q-content"><h2 id="requirements">Requirements</h2>');
      expect(main).toContain(
        'Last updated <time datetime="2026-11-28T10:00:00.000Z">28 November 2026</time>',
      );
      expect(main).toContain('<form class="q-feedback" method="post" action="/docs/~feedback">');
      expect(main).toContain('<input type="hidden" name="page" value="page_linux"/>');
      expect(main).toContain('<input type="hidden" name="return" value="/docs/install/linux"/>');
      expect(main).toContain("<legend>Was this page helpful?</legend>");
      expect(main).toContain('name="rating" value="good">Yes</button>');
      expect(main).toContain('name="rating" value="bad">No</button>');
      expect(main).toMatch(/<a class="q-pager-prev" href="\/docs\/install" rel="prev">/);
      expect(main).toMatch(/<a class="q-pager-next" href="\/docs\/config" rel="next">/);
      expect(main).toContain('<a href="/docs/install/linux.md" type="text/markdown">');
    });

    it("has the feedback notes a post without JavaScript returns to (shown by :target)", () => {
      const form = /<form class="q-feedback"[\s\S]*?<\/form>/.exec(renderPage(pageView()))![0];
      expect(form).toContain(
        `<p id="${FEEDBACK_NOTES.thanks}" class="q-feedback-note">Thanks for the feedback.</p>`,
      );
      expect(form).toContain(`<p id="${FEEDBACK_NOTES.failed}" class="q-feedback-note">`);
    });

    it("leaves out the date, breadcrumbs and pager a page does not have", () => {
      const view = pageView({ breadcrumbs: [] });
      delete view.previous;
      delete view.next;
      view.page = { id: "p", title: "T", updatedAt: "not a date" };
      const html = renderPage(view);
      expect(html).not.toContain("Breadcrumb");
      expect(html).not.toContain("q-pager");
      expect(html).not.toContain("Last updated");
      expect(html).not.toContain("q-description");
    });

    it("lists the headings on this page, deeper ones indented, only from two entries", () => {
      const html = renderPage(pageView());
      expect(html).toContain('<nav class="q-toc" aria-label="On this page">');
      expect(html).toContain('<li class="q-toc-item q-toc-depth-1"><a href="#requirements">');
      expect(html).toContain(
        '<li class="q-toc-item q-toc-depth-2"><a href="#packages">Packages</a>',
      );
      expect(html).toContain('class="q-layout q-has-nav q-has-toc"');
      const one = renderPage(pageView({ toc: [{ id: "only", title: "Only", depth: 1 }] }));
      expect(one).not.toContain("On this page");
      expect(one).toContain('class="q-layout q-has-nav"');
      expect(renderPage(pageView({ toc: [] }))).not.toContain("q-toc");
    });

    // How fast: bench/render.mjs (`npm run bench:render`), against a baseline of the same run.
    it("renders a 1,000-page tree, every page a link", () => {
      const nav = largeNav(1000);
      const count = (items: typeof nav): number =>
        items.reduce((n, item) => n + 1 + count(item.children), 0);
      expect(count(nav)).toBe(1000);
      const html = renderPage(pageView({ nav }));
      expect(html.match(/class="q-nav-link"/g)).toHaveLength(1000);
    });
  });
});

describe("head", () => {
  /** The head of every reader page: what search engines, social cards and browsers read. */
  describe("reader layout: the head", () => {
    it("names the page and site, with description, canonical, social cards and alternates", () => {
      const head = headOf(renderPage(pageView()));
      expect(head).toContain('<meta charset="utf-8"/>');
      expect(head).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
      );
      expect(head).toContain("<title>On Linux · Acme Docs</title>");
      expect(head).toContain(
        '<meta name="description" content="Install Acme on a Linux machine."/>',
      );
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
      expect(
        headOf(renderMessage({ site: siteView(), nav: [], title: "Hi", message: "x" })),
      ).toMatch(hidden);
    });

    it("uses the site's language on <html>, English when none is known", () => {
      expect(renderPage(pageView({ site: siteView({ lang: "fr" }) }))).toContain(
        '<html lang="fr">',
      );
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
});

describe("not-found", () => {
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
});

describe("search", () => {
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
});

describe("assets", () => {
  /**
   * The reader's small scripts: their sizes, their shared theme key, nothing from another host.
   * (reader.css cannot be read here: the suite's Vite empties every `.css` import, `?raw` too.)
   */
  describe("reader layout: the scripts", () => {
    const bytes = (text: string) => new TextEncoder().encode(text).length;

    it("stays small: reader.js ≤ 6 KB, theme.js ≤ 600 bytes", () => {
      expect(bytes(readerJs)).toBeGreaterThan(1000);
      expect(bytes(readerJs)).toBeLessThanOrEqual(6_000);
      expect(bytes(themeJs)).toBeGreaterThan(100);
      expect(bytes(themeJs)).toBeLessThanOrEqual(600);
    });

    it("reaches no other host and writes no markup from data (text only)", () => {
      for (const source of [readerJs, themeJs]) {
        expect(source).not.toMatch(/https?:\/\//);
        expect(source).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
      }
    });

    it("reads the theme key reader.js writes, and only the two explicit themes", () => {
      expect(themeJs).toContain('localStorage.getItem("q-theme")');
      expect(themeJs).toContain('t === "light" || t === "dark"');
      expect(readerJs).toContain('localStorage.setItem("q-theme"');
    });

    it("asks for suggestions as JSON from the search form's own action", () => {
      expect(readerJs).toContain("`${form.action}?q=${encodeURIComponent(q)}&format=json`");
      expect(readerJs).toContain("setTimeout(suggest, 150)");
      expect(readerJs).toContain("q.length < 2");
    });
  });
});
