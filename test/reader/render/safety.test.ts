import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../../core/render/document";
import { collectRefs } from "../../../core/render/document/refs";
import { everyBlock, everyBlockContext, heading, paragraph, text } from "../fixtures/every-block";

/** A document of the given top-level blocks. */
function doc(...nodes: unknown[]): JSONDocument {
  return { object: "document", data: {}, nodes: nodes as JSONDocument["nodes"] };
}

/** A link inline to a URL. */
function link(url: string, label: string) {
  return {
    object: "inline",
    type: "link",
    data: { ref: { kind: "url", url } },
    nodes: [text(label)],
  };
}

describe("document renderer: safety and limits", () => {
  const ctx = everyBlockContext();

  it("escapes text and drops unsafe link targets, keeping their text", () => {
    const { html } = renderDocument(
      doc(
        paragraph(text('<script>alert("x")</script>')),
        paragraph(link("javascript:alert(1)", "bad link"), link(" JaVaScRiPt:alert(1)", "bad two")),
        paragraph(link("data:text/html,<b>x</b>", "data link"), link("mailto:a@b.c", "mail")),
        { object: "block", type: "embed", isVoid: true, data: { url: "javascript:alert(1)" } },
      ),
      ctx,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/href="\s*(javascript|data):/i);
    expect(html).toContain("bad link");
    expect(html).toContain("bad two");
    expect(html).toContain('<a href="mailto:a@b.c">mail</a>');
    expect(html).not.toContain("<iframe");
  });

  it("gives every heading a unique id and lists the page's headings", () => {
    const { html, toc } = renderDocument(
      doc(
        heading(1, "Setup"),
        heading(2, "Setup"),
        heading(2, "Setup-1"),
        heading(3, ""),
        heading(3, "Ünïcode Title!"),
      ),
      ctx,
    );
    const ids = [...html.matchAll(/<h\d id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(toc.map((t) => t.id)).toEqual(ids);
    expect(ids[0]).toBe("setup");
    expect(ids[1]).toBe("setup-1");
    expect(ids[4]).toBe("unicode-title");
  });

  it("never hands out the shell's ids or the reader's q- names to headings", () => {
    const { html } = renderDocument(
      doc(heading(1, "Content"), heading(2, "Q search"), heading(2, "Q note")),
      ctx,
    );
    expect(html).toContain('<h2 id="h-content"');
    expect(html).toContain('<h3 id="h-q-search"');
    expect(html).toContain('<h3 id="h-q-note"');
  });

  // How fast: bench/render.mjs (`npm run bench:render`), against a baseline of the same run.
  it("renders a 5,000-block document whole", () => {
    const nodes = Array.from({ length: 5000 }, (_, i) =>
      i % 50 === 0
        ? heading(2, `Part ${i}`)
        : paragraph(text(`Paragraph ${i} `), text("bold", ["bold"])),
    );
    const { html } = renderDocument(doc(...nodes), ctx);
    expect(html).toContain("Paragraph 4999");
    expect(html.match(/<h3 id="part-\d+"/g)).toHaveLength(100);
  });

  it("renders 200-deep nesting without throwing, the deep part as text", () => {
    let node: unknown = paragraph(text("deepest words"));
    for (let i = 0; i < 200; i++) node = { object: "block", type: "blockquote", nodes: [node] };
    const { html } = renderDocument(doc(node), ctx);
    expect(html).toContain("deepest words");
    expect(html).toContain("q-fallback");
  });

  it("collectRefs finds every reference of the fixture", () => {
    const refs = collectRefs(everyBlock);
    expect([...refs.pages].sort()).toEqual(["page_api", "page_install"]);
    expect([...refs.files].sort()).toEqual(["file_cover", "file_diagram", "file_guide"]);
    expect([...refs.embeds].sort()).toEqual([
      "https://example.org/post",
      "https://video.example.com/watch/1",
    ]);
    expect([...refs.openapi]).toEqual(["petstore"]);
    expect([...refs.reusableContents]).toEqual(["rc_footer"]);
  });
});
