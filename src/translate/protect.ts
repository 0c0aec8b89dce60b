/**
 * What the engine must never see inside a text: URLs, `{{ variables }}` and glossary terms. Each
 * becomes an atom placeholder whose restoration text is fixed here (the term itself, or the
 * glossary's forced translation).
 */

/** A glossary rule for one language pair: `replacement` null means "do not translate". */
export interface GlossaryTerm {
  term: string;
  replacement: string | null;
}

/** One piece of a text: plain text to translate, or a fixed text the engine never sees. */
export type Piece = { kind: "text"; text: string } | { kind: "fixed"; text: string };

const URL_OR_VARIABLE = /(https?:\/\/[^\s<>"')\]]+|\{\{[^}]*\}\}|\{%[^%]*%\})/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Compiles the glossary terms into one matcher, longest terms first, on word boundaries. */
export function termMatcher(terms: readonly GlossaryTerm[]): {
  pattern: RegExp | null;
  byTerm: Map<string, GlossaryTerm>;
} {
  const usable = terms.filter((t) => t.term.trim().length > 0);
  const byTerm = new Map(usable.map((t) => [t.term, t]));
  if (usable.length === 0) return { pattern: null, byTerm };
  const alternatives = [...byTerm.keys()]
    .sort((a, b) => b.length - a.length)
    .map((t) => `(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`);
  return { pattern: new RegExp(alternatives.join("|"), "gu"), byTerm };
}

/** Splits a text into pieces to translate and fixed pieces (URLs, variables, glossary terms). */
export function protect(text: string, matcher: ReturnType<typeof termMatcher>): Piece[] {
  const out: Piece[] = [];
  for (const part of text.split(URL_OR_VARIABLE)) {
    if (part === "") continue;
    if (URL_OR_VARIABLE.test(part)) {
      URL_OR_VARIABLE.lastIndex = 0;
      out.push({ kind: "fixed", text: part });
      continue;
    }
    URL_OR_VARIABLE.lastIndex = 0;
    splitTerms(part, matcher, out);
  }
  return out;
}

function splitTerms(text: string, matcher: ReturnType<typeof termMatcher>, out: Piece[]) {
  if (!matcher.pattern) {
    out.push({ kind: "text", text });
    return;
  }
  let last = 0;
  for (const match of text.matchAll(matcher.pattern)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ kind: "text", text: text.slice(last, index) });
    const rule = matcher.byTerm.get(match[0]);
    out.push({ kind: "fixed", text: rule?.replacement ?? match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
}

/** Words in a text (what `stats` count): runs of letters or digits. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}
