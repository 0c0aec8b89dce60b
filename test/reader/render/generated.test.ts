import type { JSONDocument } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../../core/render/document";
import { collectRefs } from "../../../core/render/document/refs";
import { everyBlockContext, text } from "../fixtures/every-block";

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
