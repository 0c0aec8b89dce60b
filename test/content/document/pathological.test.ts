import { describe, expect, it } from "vitest";
import { parseMarkdown, renderMarkdown } from "../../../core/document";
import { DocumentTooDeepError } from "../../../core/document/limits";
import { PATHOLOGICAL_CASES } from "./pathological-cases";

/** Parses and renders `markdown`: "converted", or "limit" when it is nested past the limit. */
function convert(markdown: string): "converted" | "limit" {
  try {
    renderMarkdown(parseMarkdown(markdown).document);
    return "converted";
  } catch (error) {
    if (error instanceof DocumentTooDeepError) return "limit";
    throw error;
  }
}

/**
 * How fast, and that the time grows linearly (10 KB → 100 KB ≈ 10×, quadratic ≈ 100×):
 * bench/render.mjs (`npm run bench:render`, as ratios within one run) and bench/pathological.mjs
 * (`npm run bench:markdown`, the 250 ms target per 100 KB case).
 */
describe("pathological markdown converts or answers the nesting limit", () => {
  for (const [name, generate] of Object.entries(PATHOLOGICAL_CASES)) {
    it(name, { timeout: 120_000 }, () => {
      // A case refused at 10 KB is refused at 100 KB: deeper input never converts.
      if (convert(generate(10_000)) === "limit") expect(convert(generate(100_000))).toBe("limit");
      else expect(["converted", "limit"]).toContain(convert(generate(100_000)));
    });
  }
});
