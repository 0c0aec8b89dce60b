import { describe, expect, it } from "vitest";
import { parseMarkdown, renderMarkdown } from "../../../core/document";
import { DocumentTooDeepError } from "../../../core/document/limits";
import { PATHOLOGICAL_CASES } from "./pathological-cases";

/** Milliseconds to parse and render `markdown` (workerd advances the clock during a test), or "limit". */
function convert(markdown: string): number | "limit" {
  const start = performance.now();
  try {
    renderMarkdown(parseMarkdown(markdown).document);
  } catch (error) {
    if (error instanceof DocumentTooDeepError) return "limit";
    throw error;
  }
  return performance.now() - start;
}

/**
 * The target is 250 ms per 100 KB case on an idle machine (bench/pathological.mjs measures it);
 * the shared test machine is loaded and several times slower, so this asserts a generous bound
 * and linearity: from 10 KB to 100 KB a linear conversion takes ~10x, a quadratic one ~100x.
 */
const BOUND_100_KB_MS = 15_000;
const MAX_RATIO = 50;

describe("pathological markdown converts in linear time or answers the nesting limit", () => {
  parseMarkdown("# warm up\n\n* a\n\n> b\n\n| x |\n|---|\n| y |\n"); // JIT warm-up

  for (const [name, generate] of Object.entries(PATHOLOGICAL_CASES)) {
    it(name, { timeout: 120_000 }, () => {
      convert(generate(1_000)); // warm up this case's paths
      const small = convert(generate(10_000));
      const large = convert(generate(100_000));
      if (small === "limit" || large === "limit") {
        expect(large).toBe("limit");
        return;
      }
      console.log(`${name}: 10 KB ${small.toFixed(0)} ms, 100 KB ${large.toFixed(0)} ms`);
      expect(large).toBeLessThan(BOUND_100_KB_MS);
      expect(large).toBeLessThan(Math.max(small, 20) * MAX_RATIO);
    });
  }
});
