import { describe, expect, it } from "vitest";
import readerJs from "../../../reader/public/_quire/reader.js?raw";
import themeJs from "../../../reader/public/_quire/theme.js?raw";

/**
 * The reader's small scripts: their sizes, their shared theme key, nothing from another host.
 * (reader.css cannot be read here: the suite's Vite empties every `.css` import, `?raw` too.)
 */
describe("reader layout: the scripts", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;

  it("stays small: reader.js ≤ 6 KB, theme.js ≤ 600 bytes", () => {
    expect(bytes(readerJs)).toBeGreaterThan(1000);
    expect(bytes(readerJs)).toBeLessThanOrEqual(6_000);
    expect(bytes(themeJs)).toBeGreaterThan(100);
    expect(bytes(themeJs)).toBeLessThanOrEqual(600);
  });

  it("reaches no other host and writes no markup from data (text only)", () => {
    for (const source of [readerJs, themeJs]) {
      expect(source).not.toMatch(/https?:\/\//);
      expect(source).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
    }
  });

  it("reads the theme key reader.js writes, and only the two explicit themes", () => {
    expect(themeJs).toContain('localStorage.getItem("q-theme")');
    expect(themeJs).toContain('t === "light" || t === "dark"');
    expect(readerJs).toContain('localStorage.setItem("q-theme"');
  });

  it("asks for suggestions as JSON from the search form's own action", () => {
    expect(readerJs).toContain("`${form.action}?q=${encodeURIComponent(q)}&format=json`");
    expect(readerJs).toContain("setTimeout(suggest, 150)");
    expect(readerJs).toContain("q.length < 2");
  });
});
