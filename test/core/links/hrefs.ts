import fc from "fast-check";

/**
 * Generators of link targets, hostile and benign, for the property tests that hold every
 * renderer to the one link rule (core/links/safe-href.ts).
 */

const SCHEMES = [
  "javascript",
  "JaVaScRiPt",
  "vbscript",
  "data",
  "file",
  "blob",
  "ftp",
  "about",
  "http",
  "https",
  "HTTPS",
  "mailto",
  "tel",
];
const BODIES = [
  "alert(1)",
  "//example.com/x?a=1&b=2#f",
  "//example.com",
  "text/html,<b>x</b>",
  "image/png;base64,iVBORw0KGgo=",
  "image/svg+xml,<svg onload=alert(1)>",
  "a@b.test",
  "+441234",
  "///etc/passwd",
  "https://example.com/x",
  "",
];
const RELATIVES = [
  "/docs/a",
  "a/b.md",
  "./x",
  "../x?y=1",
  "#frag",
  "?q=1&r=2",
  "//host.test/x",
  "///host.test",
  "/\\evil.test",
  "\\\\evil.test",
  "Q&A.md",
  "",
];
/** What browsers drop or ignore: C0 controls and spaces at the ends, tabs and newlines inside. */
const EDGES = ["", " ", "  ", "\u0000", "\u0001", "\t", "\n", "\u001f", "\u00a0"];
const INSIDE = ["\t", "\n", "\r", "\u0000", " "];

/** A scheme, maybe obfuscated: a tab or newline inside, a letter as an HTML character reference. */
const scheme = fc
  .tuple(fc.constantFrom(...SCHEMES), fc.nat(12), fc.constantFrom(...INSIDE), fc.nat(3))
  .map(([name, at, inside, how]) => {
    const i = at % (name.length + 1);
    if (how === 0) return name;
    if (how === 1) return name.slice(0, i) + inside + name.slice(i);
    const code = name.charCodeAt(Math.min(i, name.length - 1));
    const ref = how === 2 ? `&#x${code.toString(16)};` : `&#${code};`;
    return name.slice(0, i) + ref + name.slice(i + 1);
  });

/** `scheme:body`, the colon maybe written `&colon;`. */
const absolute = fc
  .tuple(scheme, fc.constantFrom(":", ":", ":", "&colon;"), fc.constantFrom(...BODIES))
  .map(([s, colon, body]) => `${s}${colon}${body}`);

/** A link target from every family, with the edge characters browsers trim. */
export const anyHref: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...EDGES),
    fc.oneof(
      { weight: 5, arbitrary: absolute },
      { weight: 3, arbitrary: fc.constantFrom(...RELATIVES) },
      { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
    ),
    fc.constantFrom(...EDGES),
  )
  .map(([before, core, after]) => `${before}${core}${after}`);

/** The text of an HTML attribute value as a browser reads it (the renderers' escapes undone). */
function attributeText(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every value of `attribute` in HTML, decoded. */
export function attributeValues(html: string, attribute: "href" | "src"): string[] {
  const pattern = new RegExp(`\\s${attribute}="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((m) => attributeText(m[1]!));
}
