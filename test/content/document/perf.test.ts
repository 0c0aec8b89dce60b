import { EditMap } from "micromark-util-edit-map";
import type { Event } from "micromark-util-types";
import { describe, expect, it } from "vitest";
import { parseMarkdown, renderMarkdown } from "../../../src/content/document";
import { linearConsume, originalConsume } from "../../../src/content/document/micromark-perf";
import { REALISTIC_PAGE } from "./fixtures";

/** About `size` characters of distinct copies of the realistic page. */
function bigPage(size: number): string {
  let page = "";
  for (let i = 0; page.length < size; i++) {
    page += `${REALISTIC_PAGE.replace("# Getting started", `## Part ${i}`)}\n`;
  }
  return page;
}

/** Milliseconds `run` takes (workerd advances the clock during a test). */
function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe("performance", () => {
  it("parses and renders a 200 KB page", { timeout: 180_000 }, () => {
    const page = bigPage(200_000);
    parseMarkdown(REALISTIC_PAGE); // warm up
    let document = parseMarkdown(REALISTIC_PAGE).document;
    const parseMs = time(() => {
      document = parseMarkdown(page).document;
    });
    let markdown = "";
    const renderMs = time(() => {
      markdown = renderMarkdown(document);
    });
    console.log(
      `200 KB page (${page.length} chars): parse ${parseMs.toFixed(0)} ms, render ${renderMs.toFixed(0)} ms`,
    );
    expect(markdown.length).toBeGreaterThan(190_000);
    // Only a sanity bound: the shared test machine is slow and loaded (this takes 2-20 s there,
    // with micromark's development build). The linearity test below guards against regressions.
    expect(parseMs + renderMs).toBeLessThan(120_000);
  });

  it("stays linear on container-heavy markdown (blockquotes)", { timeout: 180_000 }, () => {
    const quotes = (n: number) => "> quoted line of text\n\n".repeat(n);
    const small = time(() => parseMarkdown(quotes(1_000)));
    const large = time(() => parseMarkdown(quotes(8_000)));
    console.log(`blockquotes: 1,000 in ${small.toFixed(0)} ms, 8,000 in ${large.toFixed(0)} ms`);
    // Quadratic would be ~64x; linear ~8x. Allow noise on a shared machine.
    expect(large).toBeLessThan(Math.max(small, 5) * 30);
  });
});

describe("linearConsume", () => {
  /** Runs one consume implementation on a fresh map with the given edits. */
  function apply(
    consume: typeof originalConsume,
    length: number,
    edits: Array<[number, number, number]>,
  ) {
    const events = Array.from({ length }, (_, i) => [`e${i}`] as unknown as Event);
    const map = new EditMap();
    edits.forEach(([at, remove, add], n) => {
      map.add(
        at,
        remove,
        Array.from({ length: add }, (_, i) => [`a${n}.${i}`] as unknown as Event),
      );
    });
    consume.call(map, events);
    return { events: events.map((e) => e[0]), left: map.map.length };
  }

  it("gives exactly what micromark's own consume gives", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const length = 1 + random(40);
      const edits: Array<[number, number, number]> = [];
      for (let e = random(5); e >= 0; e--) edits.push([random(length + 1), random(4), random(3)]);
      const expected = apply(originalConsume, length, edits);
      expect(apply(linearConsume as typeof originalConsume, length, edits)).toEqual(expected);
    }
  });

  it("is installed on micromark's EditMap once a markdown is parsed", () => {
    parseMarkdown("> x");
    expect(EditMap.prototype.consume).toBe(linearConsume);
  });
});
