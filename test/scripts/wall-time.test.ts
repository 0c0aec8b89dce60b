import { describe, expect, it } from "vitest";
import { wallTimeAssertions } from "../../scripts/lib/wall-time.mjs";

/** The lines the scanner flags in `source` (scripts/check-wall-time.mjs, run by npm run lint). */
const flagged = (source: string) => wallTimeAssertions(source).map((f) => f.line);

/** `expect(subject).toBeLessThan(bound);`, written so that no grep of this file takes it for one. */
const lt = (subject: string, bound: string) => `expect(${subject}).toBeLessThan(${bound});`;

/** The guard that keeps assertions on wall time out of test/ and test-browser/. */
describe("the wall-time assertion scanner", () => {
  it("flags a bound on a clock's difference or on a value named as a duration", () => {
    const source = [
      "expect(Date.now() - started).toBeLessThan(5000);",
      "expect(performance.now() - t0).toBeLessThanOrEqual(10);",
      lt("elapsed", "200"),
      lt("res.took, 'slow'", "2"),
      "expect(wallMs).not.toBeGreaterThan(1_000);",
      "expect(parseMs + renderMs).toBeLessThan(120_000);",
      "expect(Math.min(first.elapsed, second.elapsed)).toBeLessThan(2000);",
      "expect(\n  stats.durationSeconds,\n).toBeGreaterThanOrEqual(1);",
      "assert.ok(ms < 100, 'fast');",
      "assert(process.hrtime.bigint() - start < 5n);",
    ].join("\n");
    expect(flagged(source)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 11, 12]);
  });

  it("follows a time through a variable, a timing function and their calls", () => {
    const source = `
function convert(markdown: string): number {
  const start = performance.now();
  render(markdown);
  return performance.now() - start;
}
const time = (run: () => void) => { const s = performance.now(); run(); return performance.now() - s; };
let best = Infinity;
best = Math.min(best, performance.now() - started);
const small = convert(a);
const large = convert(b);
const twice = time(() => x) * 2;
expect(large).toBeLessThan(Math.max(small, 20) * 50);
expect(twice).toBeLessThan(10);
expect(best).toBeLessThan(50);
`;
    expect(flagged(source)).toEqual([13, 14, 15]);
  });

  it("leaves counts, dates, equalities and printed timings alone", () => {
    const source = `
expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
expect(d1Cost(again).rowsRead).toBeLessThan(d1Cost(first).rowsRead);
expect(Date.parse(token.expiresAt) - Date.now()).toBeLessThanOrEqual(3600_000);
expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 120_000);
expect(retryAfter).toBeLessThanOrEqual(60);
const elapsed = Date.now() - started;
console.log(\`rendered in \${elapsed} ms\`);
expect(elapsed).toBe(0);
expect(items.length).toBeLessThan(5);
expect(html).toContain("took 2 ms");
`;
    expect(flagged(source)).toEqual([]);
  });

  it("reads code only: not what strings, regex literals or comments say", () => {
    const source = [
      `const quoted = "${lt("elapsed", "5")}";`,
      `// ${lt("Date.now() - started", "5000")}`,
      `/* ${lt("ms", "1")} */`,
      "const pattern = /expect\\(took\\)'/;",
      `expect(wallTimeAssertions(\`${lt("elapsed", "5")}\`)).toEqual([]);`,
      `${lt("elapsed", "5")} // still code`,
    ].join("\n");
    expect(flagged(source)).toEqual([6]);
  });

  it("names the line and its text", () => {
    expect(wallTimeAssertions(`const a = 1;\n  ${lt("elapsed", "5")}\n`)).toEqual([
      { line: 2, text: lt("elapsed", "5") },
    ]);
  });
});
