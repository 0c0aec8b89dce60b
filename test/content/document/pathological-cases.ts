/**
 * Pathological markdown, as generators of about `n` characters: the cases of cmark's
 * test/pathological_tests.py and commonmark.js's test/test.js, plus GFM and GitBook extras
 * (tables, strikethrough, autolink literals, footnotes, hints). Shared by the workerd test
 * (pathological.test.ts) and the bench (bench/pathological.mjs), which bundles this file.
 */

/** `unit` repeated to about `n` characters. */
const rep = (unit: string, n: number): string =>
  unit.repeat(Math.max(1, Math.floor(n / unit.length)));

/** `open` ×k + `middle` + `close` ×k, about `n` characters in all. */
const nest = (open: string, middle: string, close: string, n: number): string => {
  const k = Math.max(1, Math.floor(n / (open.length + close.length)));
  return open.repeat(k) + middle + close.repeat(k);
};

/** Lines from `line(i)` until about `n` characters. */
const lines = (line: (i: number) => string, n: number): string => {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < n; i++) {
    const next = line(i);
    out.push(next);
    size += next.length;
  }
  return out.join("");
};

/** Every pathological case: a name and a generator of about `n` characters of markdown. */
export const PATHOLOGICAL_CASES: Record<string, (n: number) => string> = {
  // cmark test/pathological_tests.py
  "nested strong emph": (n) => nest("*a **a ", "b", " a** a*", n),
  "emph closers with no openers": (n) => rep("a_ ", n),
  "emph openers with no closers": (n) => rep("_a ", n),
  "link closers with no openers": (n) => rep("a]", n),
  "link openers with no closers": (n) => rep("[a", n),
  "mismatched openers and closers": (n) => rep("*a_ ", n),
  "issue #389": (n) => rep("*a ", n / 2) + rep("_a*_ ", n / 2),
  "openers and closers multiple of 3": (n) => `a**b${rep("c* ", n)}`,
  "link openers and emph closers": (n) => rep("[ a_", n),
  "pattern [ (]( repeated": (n) => rep("[ (](", n),
  "pattern ![[]() repeated": (n) => rep("![[]()", n),
  "nested brackets": (n) => nest("[", "a", "]", n),
  "nested block quotes": (n) => `${rep("> ", n)}a`,
  "deeply nested lists": (n) => lines((i) => `${"  ".repeat(i)}* a\n`, n),
  "U+0000 in input": (n) => rep("abc\u0000de\u0000", n),
  backticks: (n) => lines((i) => `e${"`".repeat(i + 1)}`, n),
  "unclosed links A": (n) => rep("[a](<b", n),
  "unclosed links B": (n) => rep("[a](b", n),
  "unclosed <!--": (n) => `</${rep("<!--", n)}`,
  "empty lines in deeply nested lists": (n) => `${rep("- ", n / 2)}x${"\n".repeat(n / 2)}`,
  "empty lines in deeply nested lists in blockquote": (n) =>
    `> ${rep("- ", n / 2)}x\n${rep(">\n", n / 2)}`,
  "emph in deep blockquote": (n) => rep(">", n / 2) + rep("a*", n / 2),
  "reference collisions": (n) => lines((i) => `[x${i}]: /url\n\n[x0]\n\n`, n),
  "nested inlines": (n) => nest("*", "a", "*", n),
  // commonmark.js test/test.js
  "#172 *_* _": (n) => rep("*_* _ ", n),
  "[\\\\... deep": (n) => `[${rep("\\", n)}\n`,
  "backslashes in unclosed link title": (n) => `[test](\\url "${rep("\\", n)}\n`,
  "[]( deep": (n) => `${rep("[](", n)}\n`,
  // GFM, GitBook and other extras
  "emph strong runs *a**": (n) => rep("*a**", n),
  "underscore runs _a__": (n) => rep("_a__", n),
  "deep inline *a ... a*": (n) => nest("*a ", "b", " a*", n),
  "many link reference definitions": (n) => `${lines((i) => `[${i}]: u\n`, n)}[0]`,
  "nested images": (n) => nest("![", "a", "](b)", n),
  "image openers": (n) => rep("![", n),
  "nested block quote lists": (n) => `${rep("> * ", n)}a`,
  "nested ordered lists": (n) => lines((i) => `${"   ".repeat(i)}1. a\n`, n),
  "long list": (n) => rep("* a\n", n),
  "long blockquote": (n) => rep("> a\n", n),
  entities: (n) => rep("&a", n),
  "autolink openers": (n) => rep("<a", n),
  "autolink literals": (n) => rep("www.a.com ", n),
  "strikethrough runs": (n) => rep("~~a~", n),
  "table with many columns": (n) => `${rep("|a", n / 2)}\n${rep("|-", n / 2)}`,
  "table with many rows": (n) => `|a|b|\n|-|-|\n${rep("|x|y|\n", n)}`,
  "footnote definitions": (n) => lines((i) => `[^${i}]: note\n`, n) + "x[^0]",
  "nested footnote definitions": (n) => `${rep("[^a]: ", n)}x`,
  "unclosed hints": (n) => rep('{% hint style="info" %}\n', n),
  "paired hints": (n) => rep('{% hint style="info" %}\na\n{% endhint %}\n', n),
  "hint lines in a paragraph": (n) => rep('a\n{% hint style="info" %}\nb\n{% endhint %}\n', n),
  "unclosed fences": (n) => rep("```\n", n),
  "html blocks": (n) => rep("<div>\n", n),
  "hard breaks": (n) => rep("a\\\n", n),
};
