import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../../core/render/document";
import { collectRefs } from "../../../core/render/document/refs";
import { everyBlockContext, text, everyBlock, heading, paragraph } from "../fixtures/every-block";

describe("generated", () => {
  /**
   * Generated documents: a small seeded generator nests GitBook's blocks and inlines at random
   * (known types, unknown ones, broken references, hostile text), and every rendering must keep
   * all the words and never throw.
   */

  /** A deterministic pseudo-random source (mulberry32). */
  function random(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const CONTAINERS = [
    "blockquote",
    "hint",
    "list-unordered",
    "list-ordered",
    "list-tasks",
    "tabs",
    "stepper",
    "columns",
    "if",
    "updates",
    "mystery-container",
  ];
  const MARKS = ["bold", "italic", "code", "strikethrough", "keyboard", "superscript", "subscript"];

  /** A generator of documents whose every word is recorded, so the test can look for it. */
  function generator(seed: number) {
    const next = random(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
    const words: string[] = [];
    const word = () => {
      const w = `w${words.length}x${Math.floor(next() * 1e6)}`;
      words.push(w);
      return w;
    };
    const inline = (): unknown => {
      const roll = next();
      if (roll < 0.5) return text(`${word()} `, next() < 0.5 ? [pick(MARKS)] : []);
      if (roll < 0.65) {
        const ref = pick([
          { kind: "url", url: "https://example.com" },
          { kind: "url", url: "javascript:alert(1)" },
          { kind: "page", page: "page_missing" },
          { kind: "page", page: "page_install" },
          { kind: "anchor", anchor: "top" },
          { kind: "user", user: "u1" },
        ]);
        return { object: "inline", type: "link", data: { ref }, nodes: [text(`${word()} `)] };
      }
      if (roll < 0.75) return text(`<b>&"'${word()} `);
      if (roll < 0.85)
        return { object: "inline", type: "future-inline", nodes: [text(`${word()} `)] };
      return { object: "inline", type: "inline-math", isVoid: true, data: { formula: word() } };
    };
    const paragraph = () => ({
      object: "block",
      type: "paragraph",
      nodes: Array.from({ length: 1 + Math.floor(next() * 4) }, inline),
    });
    const block = (depth: number): unknown => {
      const roll = next();
      if (depth > 6 || roll < 0.4) return paragraph();
      if (roll < 0.5)
        return {
          object: "block",
          type: pick(["heading-1", "heading-2", "heading-3"]),
          data: {},
          nodes: [text(word())],
        };
      if (roll < 0.58)
        return {
          object: "block",
          type: "code",
          data: { syntax: pick(["ts", "bash", "klingon", ""]) },
          nodes: [{ object: "block", type: "code-line", data: {}, nodes: [text(`${word()} <x>`)] }],
        };
      if (roll < 0.62)
        return {
          object: "block",
          type: "expandable",
          isVoid: true,
          data: {},
          fragments: [
            { object: "fragment", fragment: "expandable-title", nodes: [paragraph()] },
            { object: "fragment", fragment: "expandable-body", nodes: [block(depth + 1)] },
          ],
        };
      const type = pick(CONTAINERS);
      const childType = {
        "list-unordered": "list-item",
        "list-ordered": "list-item",
        "list-tasks": "list-item",
        tabs: "tabs-item",
        stepper: "stepper-step",
        columns: "column",
        updates: "update",
      }[type];
      const children = Array.from({ length: 1 + Math.floor(next() * 3) }, () => block(depth + 1));
      const nodes = childType
        ? children.map((child) => ({
            object: "block",
            type: childType,
            data: childType === "tabs-item" ? { title: word() } : {},
            nodes: [child],
          }))
        : children;
      return {
        object: "block",
        type,
        data: type === "hint" ? { style: pick(["info", "warning", "bogus"]) } : {},
        nodes,
      };
    };
    const document = (): JSONDocument => ({
      object: "document",
      data: {},
      nodes: Array.from({ length: 5 + Math.floor(next() * 20) }, () =>
        block(0),
      ) as JSONDocument["nodes"],
    });
    return { document, words };
  }

  describe("document renderer: generated documents", () => {
    it("renders 200 seeded documents without throwing, every word present and escaped", () => {
      const ctx = everyBlockContext();
      for (let seed = 1; seed <= 200; seed++) {
        const { document, words } = generator(seed);
        const doc = document();
        let html = "";
        expect(() => {
          html = renderDocument(doc, ctx).html;
          collectRefs(doc);
        }, `seed ${seed}`).not.toThrow();
        for (const w of words) expect(html, `seed ${seed}: ${w}`).toContain(w);
        expect(html, `seed ${seed}`).not.toContain("<b>");
        expect(html, `seed ${seed}`).not.toMatch(/href="javascript:/);
        const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(ids).size, `seed ${seed}: unique ids`).toBe(ids.length);
      }
    });
  });
});

describe("safety", () => {
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
          paragraph(
            link("javascript:alert(1)", "bad link"),
            link(" JaVaScRiPt:alert(1)", "bad two"),
          ),
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
});
