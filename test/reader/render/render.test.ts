import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../../core/render/document";
import { collectRefs } from "../../../core/render/document/refs";
import {
  code,
  everyBlockContext,
  heading,
  paragraph,
  text,
  everyBlock,
} from "../fixtures/every-block";
import { petstore30 } from "../fixtures/petstore";
import { expandableAnchor } from "../../../core/document/text";
import { renderPage } from "../../../reader/src/layout/page";
import { pageView } from "../fixtures/views";
import { expectSafePage } from "../layout/checks";

describe("inlines", () => {
  /** A document of the given top-level blocks. */
  function doc(...nodes: unknown[]): JSONDocument {
    return { object: "document", data: {}, nodes: nodes as JSONDocument["nodes"] };
  }

  /** A link inline with a reference. */
  function link(ref: Record<string, unknown>, label: string) {
    return { object: "inline", type: "link", data: { ref }, nodes: [text(label)] };
  }

  /** The HTML of a document in the fixture's context. */
  function html(...nodes: unknown[]): string {
    return renderDocument(doc(...nodes), everyBlockContext()).html;
  }

  describe("document renderer: links, inlines and code", () => {
    it("resolves each reference kind, or keeps the text alone", () => {
      const out = html(
        paragraph(
          link({ kind: "anchor", anchor: "setup" }, "here"),
          link({ kind: "anchor", anchor: "setup", page: "page_install" }, "there"),
          link({ kind: "page", page: "page_gone" }, "gone page"),
          link({ kind: "file", file: "file_guide" }, "the guide"),
          link({ kind: "user", user: "user_1" }, "a person"),
          link({ kind: "url", url: "/relative/path" }, "relative"),
          link({ kind: "url", url: "tel:+441234" }, "call"),
        ),
      );
      expect(out).toContain('<a href="#setup">here</a>');
      expect(out).toContain('<a href="/docs/install#setup">there</a>');
      expect(out).toContain("gone page");
      expect(out).not.toContain("page_gone");
      expect(out).toContain('<a href="https://files.quire.test/guide.pdf">the guide</a>');
      expect(out).toContain("a person");
      expect(out).not.toContain("/users/");
      // The one link rule (core/links/safe-href.ts) allows relative targets: on this site.
      expect(out).toContain('<a href="/relative/path">relative</a>');
      expect(out).toContain('<a href="tel:+441234">call</a>');
    });

    it("renders colour marks as tone classes, sub/superscript and strikethrough", () => {
      const colored = {
        object: "text",
        leaves: [
          {
            object: "leaf",
            text: "red text",
            marks: [{ object: "mark", type: "color", data: { text: "red", background: "yellow" } }],
          },
          { object: "leaf", text: "x", marks: [{ object: "mark", type: "superscript" }] },
          { object: "leaf", text: "y", marks: [{ object: "mark", type: "subscript" }] },
          {
            object: "leaf",
            text: "old",
            marks: [
              { object: "mark", type: "strikethrough" },
              { object: "mark", type: "bold" },
            ],
          },
        ],
      };
      const out = html(paragraph(colored));
      expect(out).toContain('<span class="q-c-danger q-bg-warning">red text</span>');
      expect(out).toContain("<sup>x</sup><sub>y</sub><strong><s>old</s></strong>");
    });

    it("renders inline images from http(s) and files only, and buttons as links", () => {
      const out = html(
        paragraph(
          {
            object: "inline",
            type: "inline-image",
            isVoid: true,
            data: {
              ref: { kind: "url", url: "https://img.example/a.png" },
              alt: "A",
              size: "line",
            },
          },
          {
            object: "inline",
            type: "inline-image",
            isVoid: true,
            data: { ref: { kind: "url", url: "javascript:alert(1)" }, alt: "Bad" },
          },
          {
            object: "inline",
            type: "button",
            isVoid: true,
            data: {
              label: "Install now",
              kind: "primary",
              ref: { kind: "page", page: "page_install" },
            },
          },
          {
            object: "inline",
            type: "button",
            isVoid: true,
            data: { label: "Search", kind: "secondary", action: { action: "search" } },
          },
        ),
      );
      expect(out).toContain(
        '<img class="q-inline-image q-inline-image-line" src="https://img.example/a.png" alt="A"',
      );
      expect(out).not.toContain("javascript:");
      expect(out).toContain("Bad");
      expect(out).toContain(
        '<a class="q-doc-button q-doc-button-primary" href="/docs/install">Install now</a>',
      );
      expect(out).toContain('<span class="q-doc-button-label">Search</span>');
    });

    it("highlights known languages with colour classes and escapes unknown ones", () => {
      const out = html(code("ts", ["const a = 1;"]), code("klingon", ["<b>qapla'</b>"]));
      expect(out).toMatch(/<span class="q-line"><span class="q-l-[0-9a-f]{6}[^"]*">const<\/span>/);
      expect(out).toContain('<span class="q-line">&lt;b&gt;qapla&#39;&lt;/b&gt;</span>');
      expect(out).not.toMatch(/\sstyle=/);
    });

    it("marks highlighted lines and titles tab panels one level below the last heading", () => {
      const marked = {
        object: "block",
        type: "code",
        data: {},
        nodes: [
          { object: "block", type: "code-line", data: {}, nodes: [text("plain")] },
          {
            object: "block",
            type: "code-line",
            data: { highlighted: true },
            nodes: [text("marked")],
          },
        ],
      };
      const tabs = {
        object: "block",
        type: "tabs",
        nodes: [
          {
            object: "block",
            type: "tabs-item",
            data: { title: "One" },
            nodes: [paragraph(text("body"))],
          },
        ],
      };
      const out = html(marked, heading(2, "Section"), tabs);
      expect(out).toContain('<span class="q-line q-line-marked">marked</span>');
      expect(out).toContain('role="heading" aria-level="4"');
    });

    it("collects references of table cells by column type only", () => {
      const table = {
        object: "block",
        type: "table",
        isVoid: true,
        data: {
          view: { type: "grid", columns: ["f", "s", "r"] },
          definition: {
            f: { id: "f", title: "Files", type: "files" },
            s: { id: "s", title: "Select", type: "select", multiple: true, options: [] },
            r: { id: "r", title: "Ref", type: "content-ref" },
          },
          records: {
            a: {
              orderIndex: "a",
              values: { f: ["file_guide"], s: ["opt_1"], r: { kind: "page", page: "page_api" } },
            },
          },
        },
        fragments: [],
      };
      const refs = collectRefs(doc(table));
      expect([...refs.files]).toEqual(["file_guide"]);
      expect([...refs.pages]).toEqual(["page_api"]);
    });
  });

  describe("document renderer: images with a dark variant", () => {
    it("renders both variants, each marked for its theme", () => {
      const out = html({
        object: "block",
        type: "images",
        isVoid: false,
        data: {},
        nodes: [
          {
            object: "block",
            type: "image",
            isVoid: true,
            data: {
              ref: { kind: "file", file: "file_diagram" },
              refDark: { kind: "url", url: "https://img.example/dark.png" },
              alt: "Chart",
            },
            fragments: [],
          },
        ],
      });
      expect(out).toContain(
        '<img class="q-only-light" src="https://files.quire.test/diagram.png" alt="Chart" width="1200" height="600"',
      );
      expect(out).toContain(
        '<img class="q-only-dark" src="https://img.example/dark.png" alt="Chart" width="1200" height="600"',
      );
    });
  });
});

describe("blocks", () => {
  /** The fixture rendered once (every block type), as the tests below read it. */
  function rendered() {
    return renderDocument(everyBlock, everyBlockContext({ petstore: petstore30() }));
  }

  describe("document renderer: every block type", () => {
    const { html, toc } = rendered();

    it("renders paragraphs, marks and inlines", () => {
      expect(html).toContain("<p>Quire serves <strong>fast</strong> and <em>tidy</em> docs.");
      expect(html).toContain('<a href="/docs/install">Install</a>');
      expect(html).toContain('<a href="https://example.com/guide" rel="noopener">the guide</a>');
      expect(html).toContain('<a class="q-mention" href="/docs/api">📘 API reference</a>');
      expect(html).toContain("🚀");
      expect(html).toContain("<kbd>Ctrl+K</kbd>");
      expect(html).toContain("<code>npm test</code>");
      expect(html).toContain('<code class="q-math">e^{i\\pi}+1=0</code>');
    });

    it("turns annotations into numbered notes after the document", () => {
      expect(html).toMatch(/this term<sup><a href="#q-note-1" id="q-note-1-ref"/);
      expect(html).toMatch(
        /<section class="q-footnotes"[^>]*><ol><li id="q-note-1"><p>An annotation body\.<\/p>/,
      );
    });

    it("gives headings ids, anchors and the contents", () => {
      expect(html).toContain('<h2 id="getting-started" class="q-heading">Getting started');
      expect(html).toContain('<a class="q-anchor" href="#install"');
      expect(toc).toEqual([
        { id: "getting-started", title: "Getting started", depth: 1 },
        { id: "install", title: "Install", depth: 2 },
        { id: "layout", title: "Layout", depth: 2 },
        { id: "data", title: "Data", depth: 2 },
      ]);
    });

    it("renders code with caption, line numbers, lines and the copy button", () => {
      expect(html).toContain(
        '<figure class="q-code q-code-numbered"><figcaption class="q-code-title">site.ts</figcaption>',
      );
      expect(html).toContain('<pre class="q-pre" tabindex="0" data-lang="ts">');
      expect(html).toContain('<button type="button" class="q-copy" hidden="">Copy</button>');
      expect(html).toMatch(/<span class="q-line">[^\n]*npm[^\n]*install[^\n]*quire/);
    });

    it("renders hints of each style as notes", () => {
      for (const [style, label] of [
        ["info", "Info"],
        ["warning", "Warning"],
        ["danger", "Danger"],
        ["success", "Success"],
      ]) {
        expect(html).toContain(
          `<div class="q-hint q-hint-${style}" role="note" aria-label="${label}">`,
        );
      }
    });

    it("renders lists, tasks, quotes and dividers", () => {
      expect(html).toContain("<ul><li><p>Unordered one</p></li>");
      expect(html).toContain('<ol start="3"><li><p>Ordered three</p></li></ol>');
      expect(html).toContain('<input type="checkbox" disabled="" checked="" aria-label="Done"/>');
      expect(html).toContain('<input type="checkbox" disabled="" aria-label="Not done"/>');
      expect(html).toContain("<blockquote><p>A quoted line.</p></blockquote>");
      expect(html).toContain("<hr/>");
    });

    it("renders tabs, expandables, steppers and columns", () => {
      expect(html).toContain('role="tablist" hidden=""');
      expect(html).toMatch(
        /role="tab" id="tab-macos-tab" aria-controls="tab-macos" aria-selected="true"/,
      );
      expect(html).toMatch(
        /<section class="q-tabpanel" role="tabpanel" id="tab-linux" aria-labelledby="tab-linux-title"><div class="q-tabpanel-title" role="heading" aria-level="4" id="tab-linux-title">Linux<\/div><p>Tab Linux body/,
      );
      expect(html).toContain(
        '<details class="q-expandable" id="more-details"><summary>More details</summary>',
      );
      expect(html).toContain('<ol class="q-stepper"><li class="q-step"><p>Step one body</p></li>');
      expect(html).toContain(
        '<div class="q-columns q-columns-2"><div class="q-column"><p>Left column</p>',
      );
    });

    it("renders table grids in record order and cards with cover and target", () => {
      expect(html).toContain(
        '<th scope="col">Name</th><th scope="col">Size</th><th scope="col">Ready</th>',
      );
      expect(html.indexOf("Grid row alpha")).toBeLessThan(html.indexOf("Grid row beta"));
      expect(html).toContain("<td>10</td><td>Yes</td>");
      expect(html).toContain('<img class="q-card-cover" src="https://files.quire.test/cover.jpg"');
      expect(html).toContain('<a class="q-card-link" href="/docs/install">Install</a>');
    });

    it("renders images, files, drawings and embeds", () => {
      expect(html).toContain(
        '<figure class="q-image"><img src="https://files.quire.test/diagram.png" alt="Architecture diagram" width="1200" height="600" loading="lazy" decoding="async"/><figcaption><p>Figure caption</p></figcaption></figure>',
      );
      expect(html).toContain(
        '<a class="q-card q-file" href="https://files.quire.test/guide.pdf" download="guide.pdf">',
      );
      expect(html).toContain("2.3 MB");
      expect(html).toContain('<figure class="q-image q-drawing">');
      expect(html).toMatch(
        /<iframe src="https:\/\/video.example.com\/embed\/1" title="A video" sandbox="allow-scripts allow-popups" loading="lazy"/,
      );
      expect(html).toContain(
        '<a class="q-card q-embed-link" href="https://example.org/post" rel="noopener">',
      );
    });

    it("renders references, math, reusable content, integrations, if, prompt and updates", () => {
      expect(html).toContain(
        '<a class="q-card q-content-ref" href="/docs/api"><span class="q-card-title">📘 API reference</span>',
      );
      expect(html).toContain('<code class="q-math">\\int_0^1 x\\,dx</code>');
      expect(html).toContain("<p>Reusable footer text</p>");
      expect(html).toContain("This block needs an integration (mermaid).");
      expect(html).toContain("<p>Only for beta readers</p>");
      expect(html).toContain(
        '<blockquote class="q-prompt"><p class="q-prompt-title">Ask the assistant</p>',
      );
      expect(html).toMatch(
        /<time datetime="2026-11-01T00:00:00.000Z">Sunday,? 1 November 2026<\/time>/,
      );
    });

    it("hands OpenAPI blocks to the OpenAPI renderer", () => {
      expect(html).toContain("q-oa-block");
      expect(html).not.toContain("Not an API reference block");
    });

    it("writes nothing the reader's CSP would refuse (style attributes, handlers, inline script)", () => {
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).not.toMatch(/<script/i);
    });

    it("renders an unknown block as its text", () => {
      expect(html).toContain('<div class="q-unknown"><p>Text of a future block</p></div>');
    });
  });
});

describe("expandable-anchors", () => {
  /**
   * Expandable blocks get GitBook's anchors (issue 33): their `meta.id`, else their title's slug by
   * the heading rule, unique in the page with the headings, so `page.md#<summary slug>` links
   * written for a GitBook site land on them.
   */

  /** An expandable block titled `title` (with `meta.id` when given). */
  function expandable(title: string, id?: string) {
    return {
      object: "block",
      type: "expandable",
      isVoid: true,
      data: {},
      ...(id ? { meta: { id } } : {}),
      fragments: [
        {
          object: "fragment",
          fragment: "expandable-title",
          type: "expandable-title",
          nodes: [paragraph(text(title))],
        },
        {
          object: "fragment",
          fragment: "expandable-body",
          type: "expandable-body",
          nodes: [paragraph(text(`Body of ${title}`))],
        },
      ],
    };
  }

  /** The HTML of a document of `nodes`. */
  function htmlOf(...nodes: unknown[]): string {
    const doc = { object: "document", data: {}, nodes } as unknown as JSONDocument;
    return renderDocument(doc, everyBlockContext()).html;
  }

  describe("expandable anchors", () => {
    it("slugs the title as a heading's text is slugged", () => {
      expect(expandableAnchor(expandable("What's a Space & a Site?"))).toBe(
        "whats-a-space-and-a-site",
      );
      expect(expandableAnchor(expandable("1. Install"))).toBe("id-1.-install");
      expect(htmlOf(expandable("How do I sign in?"))).toContain(
        '<details class="q-expandable" id="how-do-i-sign-in"><summary>How do I sign in?</summary>',
      );
    });

    it("takes the declared meta.id first", () => {
      expect(htmlOf(expandable("Anything", "custom-anchor"))).toContain(
        '<details class="q-expandable" id="custom-anchor">',
      );
    });

    it("keeps ids unique with the page's headings, in reading order", () => {
      const html = htmlOf(heading(2, "Billing"), expandable("Billing"), expandable("Billing"));
      expect(html).toContain('<h3 id="billing"');
      expect(html).toContain('<details class="q-expandable" id="billing-1">');
      expect(html).toContain('<details class="q-expandable" id="billing-2">');
    });

    it("gives an untitled expandable an anchor all the same", () => {
      expect(htmlOf(expandable(""))).toContain('<details class="q-expandable" id="section">');
    });
  });
});

describe("page", () => {
  /**
   * The rendered fixture inside the page shell, as the page route puts it: the whole page stays
   * CSP-safe and same-host, ids stay unique, and the contents list the document's headings.
   */
  describe("document renderer in the page shell", () => {
    const { html, toc } = renderDocument(everyBlock, everyBlockContext({ petstore: petstore30() }));
    const page = renderPage(pageView({ contentHtml: html, toc }));

    it("is CSP-safe with every block type", () => {
      expectSafePage(page);
    });

    it("keeps every id of the page unique", () => {
      const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
      expect(repeated).toEqual([]);
    });

    it("lists the document's headings in the on-page contents", () => {
      for (const entry of toc) expect(page).toContain(`href="#${entry.id}"`);
    });
  });
});
