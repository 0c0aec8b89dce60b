import { describe, expect, it } from "vitest";
import { renderDocument } from "../../../core/render/document";
import { petstore30 } from "../fixtures/petstore";
import { everyBlock, everyBlockContext } from "../fixtures/every-block";

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
