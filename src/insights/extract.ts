import { normalizeText, tokenize, type Token } from "./text";

/** A part of a conversation as the core sees it (the wire's `parts`, validated upstream). */
export interface ConversationPartInput {
  role: "user" | "assistant" | "team-member";
  body: string;
}

/** An issue found in a conversation: what the user could not do or find, in their words. */
export interface ExtractedIssue {
  title: string;
  summary: string;
  /** The tokens of the user text the issue was drawn from (the subject included). */
  tokens: Token[];
}

/**
 * Phrases that tell a user is stuck (cannot do, cannot find, something fails), after
 * normalisation, in English, French, Spanish and German.
 */
const PROBLEM_SIGNALS = [
  /\b(can ?not|cant|can t|could not|couldn ?t|unable|impossible|won ?t|don ?t|doesn ?t|does not|didn ?t|isn ?t|not|no longer|never|nothing|no results?|stopped|never arrives?)\b/,
  /\b(unauthori[sz]ed|forbidden|401|403|404|500|expir\w*|time ?outs?|pending|disabled|charged twice)\b/,
  /\b(error|errors|fail|fails|failed|failing|failure|broken|bug|crash|crashes|stuck|missing|wrong|lost|blank|timeout|times out|denied|rejected|invalid|expired|blocked)\b/,
  /\b(how (do|can|to|should)|where (is|are|do|can)|is there a way|what is the way|any way to)\b/,
  /\b(ne (marche|fonctionne|peux|trouve|charge|s affiche)|n arrive pas|impossible de|erreur|echoue|bloque|introuvable|comment (faire|puis|on|changer)|ou (est|se trouve)|aucun\w*|ne \w+ (pas|plus|jamais|aucun\w*)|n \w+ (pas|plus|jamais)|expire\w*|manquent?|vide)\b/,
  /\b(no \w+|error|falla\w*|fallo|como (puedo|hago|se)|donde (esta|puedo)|falta\w*|en blanco)\b/,
  /\b(nicht|keine?n?|fehler|fehl\w*|schlagt fehl|wie kann|wo finde|leer)\b/,
];

/** Phrases by which the user says the first answer solved it. */
const RESOLVED_SIGNALS =
  /\b(that (worked|fixed|solved)|it works|works now|working now|solved|resolved|fixed it|perfect thanks|got it thanks|ca marche|ca fonctionne|c est bon|resolu|funciona ahora|ya funciona|resuelto|solucionado|jetzt geht|funktioniert jetzt|klappt jetzt|gelost)\b/;

/** Fewest topic tokens a user text needs to be an issue (small talk has fewer). */
const MIN_TOKENS = 2;

/** Whether a normalised text says the user is stuck. */
function hasProblemSignal(normalized: string): boolean {
  return PROBLEM_SIGNALS.some((re) => re.test(normalized));
}

/** The first sentence of a text, cut to `max` characters on a word boundary. */
function firstSentence(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const end = clean.search(/[.!?\n](\s|$)/);
  const sentence = end > 0 ? clean.slice(0, end + 1) : clean;
  return clip(sentence, max);
}

/** Cuts a text to `max` characters on a word boundary, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The issues of a conversation, from its user parts only: none for small talk (no problem
 * signal or too few topic words) and none when the user's follow-up says the first answer
 * solved it; otherwise one issue, drawn from the user parts that carry a problem signal (and
 * the subject, which users often phrase as the problem).
 */
export function extractIssues(
  subject: string | null,
  parts: readonly ConversationPartInput[],
): ExtractedIssue[] {
  const userParts = parts.filter((p) => p.role === "user" && p.body.trim() !== "");
  if (userParts.length === 0) return [];
  const later = userParts.slice(1).map((p) => normalizeText(p.body));
  const answered = parts.findIndex((p) => p.role !== "user") >= 0;
  if (answered && later.length > 0 && later.length <= 2 && RESOLVED_SIGNALS.test(later.at(-1)!)) {
    return [];
  }
  const stuck = userParts.filter((p) => hasProblemSignal(normalizeText(p.body)));
  const subjectStuck = subject !== null && hasProblemSignal(normalizeText(subject));
  if (stuck.length === 0 && !subjectStuck) return [];
  const sources = stuck.length > 0 ? stuck : userParts.slice(0, 1);
  const text = [subject ?? "", ...sources.map((p) => p.body)].join("\n");
  const tokens = tokenize(text);
  if (new Set(tokens.map((t) => t.term)).size < MIN_TOKENS) return [];
  const lead = sources[0]!.body;
  const title = firstSentence(subjectStuck && subject ? subject : lead, 120);
  const summary = clip(sources.map((p) => p.body.replace(/\s+/g, " ").trim()).join(" "), 400);
  return [{ title, summary, tokens }];
}
