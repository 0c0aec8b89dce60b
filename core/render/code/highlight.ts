import {
  createHighlighterCoreSync,
  type HighlighterCore,
  type ThemedTokenWithVariants,
} from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import githubDark from "shiki/themes/github-dark.mjs";
import githubLight from "shiki/themes/github-light.mjs";
import { escapeHtml } from "./escape";
import { grammarFor, LANGUAGES } from "./languages";

/**
 * Code highlighting for the reader: Shiki's fine-grained core with the JavaScript regex engine
 * (no WebAssembly), created once per isolate. The reader's CSP refuses `style` attributes, so
 * tokens carry classes naming their light and dark colours (`q-l-d73a49 q-d-f97583`) and
 * document.css maps each class to Shiki's `--shiki-light` / `--shiki-dark` variables.
 */

/** Longest code highlighted; longer blocks render as plain text (a hostile block costs no CPU). */
const MAX_HIGHLIGHT_CHARS = 100_000;
/** Lines longer than this are left uncoloured (minified code): a bound on a line's work. */
const MAX_HIGHLIGHT_LINE = 2_000;

/** Theme pair, as Shiki names them. */
const THEMES = { light: "github-light", dark: "github-dark" } as const;

/** Each theme's default text colour: tokens of that colour take the page's own text colour. */
const DEFAULT_COLOURS = { light: "#24292e", dark: "#e1e4e8" } as const;

// module-state: the isolate's one highlighter (not a cache by key), built on first use.
let highlighter: HighlighterCore | undefined;

/** The isolate's highlighter, built on first use (grammars compile lazily, per language). */
function highlighterOf(): HighlighterCore {
  highlighter ??= createHighlighterCoreSync({
    themes: [githubLight, githubDark],
    langs: LANGUAGES,
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/** The class of a token's colour in one theme ("" for the theme's default colour). */
function colourClass(prefix: "l" | "d", colour: string | undefined, fallback: string): string {
  if (!colour) return "";
  const hex = colour.toLowerCase();
  if (hex === fallback || !/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return "";
  return `q-${prefix}-${hex.slice(1, 7)}`;
}

/** Font style bits of Shiki's tokens (italic 1, bold 2, underline 4). */
const FONT_CLASSES: Array<[number, string]> = [
  [1, "q-i"],
  [2, "q-b"],
  [4, "q-u"],
];

/** One token as HTML: a span with its colour classes, or bare text when it has none. */
function tokenHtml(token: ThemedTokenWithVariants): string {
  const light = token.variants.light;
  const dark = token.variants.dark;
  const classes = [
    colourClass("l", light?.color, DEFAULT_COLOURS.light),
    colourClass("d", dark?.color, DEFAULT_COLOURS.dark),
  ];
  const fontStyle = light?.fontStyle ?? 0;
  for (const [bit, name] of FONT_CLASSES)
    if (fontStyle > 0 && (fontStyle & bit) !== 0) classes.push(name);
  const names = classes.filter((name) => name !== "").join(" ");
  const text = escapeHtml(token.content);
  return names === "" ? text : `<span class="${names}">${text}</span>`;
}

/**
 * Each line of `code` as HTML (escaped text, colour spans when the language is known). Unknown
 * languages, oversized code and a grammar that fails give the lines as escaped plain text.
 */
export function highlightLines(code: string, syntax?: string): string[] {
  const lang = grammarFor(syntax);
  if (lang && code.length <= MAX_HIGHLIGHT_CHARS) {
    try {
      // Bounded by size, never by time: a line's colours must not depend on how busy the
      // machine is (Shiki's default gives up on a line after 500 ms of wall time).
      const lines = highlighterOf().codeToTokensWithThemes(code, {
        lang,
        themes: THEMES,
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: MAX_HIGHLIGHT_LINE,
      });
      return lines.map((line) => line.map(tokenHtml).join(""));
    } catch {
      // A grammar that cannot tokenise this code: plain text below, never an error page.
    }
  }
  return code.split("\n").map(escapeHtml);
}

/**
 * Highlighted `code` as the inner HTML of a `<code>` element: one `<span class="q-line">` per
 * line (line numbers count them in CSS), joined by newlines so copying keeps the text as is.
 */
export function highlight(code: string, syntax?: string): string {
  return highlightLines(code, syntax)
    .map((line) => `<span class="q-line">${line}</span>`)
    .join("\n");
}
