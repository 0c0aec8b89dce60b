import { describe, expect, it } from "vitest";
import { parseMarkdown, renderMarkdown } from "../../../core/document";
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
    // it was with micromark; markdown-it is far faster). The linearity test below guards against regressions.
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
