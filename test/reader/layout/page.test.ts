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
} from "../fixtures/views";
import { expectSafePage } from "./checks";

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
    expect(html).toContain('<label for="q-search-input" class="q-visually-hidden">Search</label>');
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
    expect(html).toContain('<li class="q-toc-item q-toc-depth-2"><a href="#packages">Packages</a>');
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
