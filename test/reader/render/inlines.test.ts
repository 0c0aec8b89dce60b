import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../../core/render/document";
import { collectRefs } from "../../../core/render/document/refs";
import { code, everyBlockContext, heading, paragraph, text } from "../fixtures/every-block";

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
          data: { ref: { kind: "url", url: "https://img.example/a.png" }, alt: "A", size: "line" },
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
