import type { Token } from "./text";
import { topTerms, type TermVector } from "./vectors";

/** Terms a cluster label names. */
const LABEL_TERMS = 3;

/** Icons (official icon names) chosen from a cluster's terms, first match wins. */
const ICONS: readonly [RegExp, string][] = [
  [/^(passwo|login|sso|saml|okta|auth|2fa|mfa|signin|logout|sessio)/, "lock"],
  [/^(invoic|paymen|billin|subscr|plan|card|refund|charg|price)/, "credit-card"],
  [/^(search|find|result)/, "magnifying-glass"],
  [/^(export|pdf|print|downlo)/, "file-export"],
  [/^(webhoo|api|token|integr|zapier|slack)/, "plug"],
  [/^(domain|dns|cname|ssl|https|certif)/, "globe"],
  [/^(invite|member|team|seat|user|role|permis)/, "users"],
  [/^(image|upload|file|attach|video)/, "image"],
  [/^(sync|github|gitlab|git|branch|merge|commit)/, "code-branch"],
];

/** The default icon of a cluster no rule names. */
const DEFAULT_ICON = "circle-question";

/**
 * The words behind an issue's terms (the first word seen for each term), so a label reads
 * "password reset" rather than the stems "passwo reset".
 */
export function wordsOf(tokens: readonly Token[], vector: TermVector): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of tokens) {
    if (vector[t.term] !== undefined && out[t.term] === undefined) out[t.term] = t.word;
  }
  return out;
}

/**
 * The words of two maps, kept only for the centroid's terms (bounded like the centroid); where
 * both name a term, the shorter word (the base form: "install" over "installieren").
 */
export function mergeWords(
  centroid: TermVector,
  a: Record<string, string>,
  b: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of Object.keys(centroid)) {
    const [x, y] = [a[term], b[term]];
    const word = x !== undefined && y !== undefined && y.length < x.length ? y : (x ?? y);
    if (word !== undefined) out[term] = word;
  }
  return out;
}

/** A cluster's label: its most distinctive terms, as words, capitalised and joined. */
export function clusterLabel(centroid: TermVector, words: Record<string, string>): string {
  const terms = Object.keys(topTerms(centroid, LABEL_TERMS));
  if (terms.length === 0) return "Other questions";
  const label = terms.map((t) => words[t] ?? t).join(" · ");
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A cluster's icon from its strongest terms. */
export function clusterIcon(centroid: TermVector): string {
  for (const term of Object.keys(topTerms(centroid, 6))) {
    for (const [re, icon] of ICONS) if (re.test(term)) return icon;
  }
  return DEFAULT_ICON;
}

/** Monday 00:00 UTC of the week of `iso`, as an ISO date (the key of the weekly pulse). */
function weekOf(iso: string): string {
  const d = new Date(iso);
  const day = (d.getUTCDay() + 6) % 7;
  const monday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
  return new Date(monday).toISOString().slice(0, 10);
}

/** Weeks the pulse covers. */
const PULSE_WEEKS = 13;

/**
 * Issue counts for the `PULSE_WEEKS` weeks ending with the week of `nowIso`, oldest first, from
 * the per-week counters a cluster keeps (older weeks are dropped by `addToPulse`).
 */
export function weeklyPulse(weeks: Record<string, number>, nowIso: string): number[] {
  const current = Date.parse(`${weekOf(nowIso)}T00:00:00Z`);
  const out: number[] = [];
  for (let i = PULSE_WEEKS - 1; i >= 0; i--) {
    const key = new Date(current - i * 7 * 86_400_000).toISOString().slice(0, 10);
    out.push(weeks[key] ?? 0);
  }
  return out;
}

/** Per-week counters plus `n` issues at `atIso`, keeping only the weeks the pulse can show. */
export function addToPulse(
  weeks: Record<string, number>,
  atIso: string,
  n: number,
  nowIso: string,
): Record<string, number> {
  const out: Record<string, number> = { ...weeks };
  const key = weekOf(atIso);
  out[key] = (out[key] ?? 0) + n;
  const oldest = Date.parse(`${weekOf(nowIso)}T00:00:00Z`) - (PULSE_WEEKS - 1) * 7 * 86_400_000;
  for (const k of Object.keys(out)) {
    if (Date.parse(`${k}T00:00:00Z`) < oldest || out[k] === 0) delete out[k];
  }
  return out;
}
