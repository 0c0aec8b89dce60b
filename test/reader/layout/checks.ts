import { expect } from "vitest";

/**
 * Checks every reader page must pass, shared by the layout tests: nothing inline the CSP would
 * refuse, nothing from another host, and the document's outer frame.
 */

/** The `<head>` of a rendered document. */
export function headOf(html: string): string {
  const match = /<head>([\s\S]*)<\/head>/.exec(html);
  expect(match, "the document has a head").not.toBeNull();
  return match![1]!;
}

/** Asserts the CSP-safe, same-host properties of a reader page. */
export function expectSafePage(html: string): void {
  expect(html.startsWith("<!doctype html><html lang=")).toBe(true);
  // No inline script bodies and no style attributes or elements (script-src/style-src 'self').
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<script[^>]*>[^<]+<\/script>/);
  expect(html).not.toMatch(/\sstyle=/i);
  expect(html).not.toMatch(/<style[\s>]/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  // Scripts and stylesheets come from the reader's own host.
  for (const [, src] of html.matchAll(/<script[^>]*\bsrc="([^"]*)"/g)) {
    expect(src).toMatch(/^\/(?!\/)/);
  }
  for (const [tag] of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)) {
    expect(tag).toMatch(/href="\/(?!\/)/);
  }
  // Exactly one main landmark with the skip link's target.
  expect(html.match(/<main\b/g)).toHaveLength(1);
  expect(html).toContain('<main id="content"');
  expect(html).toContain('<a class="q-skip-link" href="#content">Skip to content</a>');
}
