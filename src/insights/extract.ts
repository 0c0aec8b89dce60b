import {
  acknowledges,
  asksHow,
  reportsAttempt,
  saysFailure,
  saysPersists,
  smallTalk,
  statesTrouble,
} from "./signals";
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

/** Phrases by which the user says the first answer solved it (besides a short acknowledgement). */
const RESOLVED_SIGNALS =
  /\b(that (worked|fixed|solved)|it works|works now|working now|solved|resolved|fixed it|perfect thanks|got it thanks|ca marche|ca fonctionne|c est bon|resolu|funciona ahora|ya funciona|resuelto|solucionado|jetzt geht|funktioniert jetzt|klappt jetzt|gelost)\b/;

/** Fewest topic terms an issue needs (small talk has fewer). */
const MIN_TOKENS = 2;

/**
 * Fewest topic terms a message needs to be an issue with no word saying the user is stuck:
 * users often state a problem as a plain fact ("two charges for one renewal on our card").
 */
const STATEMENT_TOKENS = 3;

/** Whether the thread was settled: an answer, then a user turn that acknowledges it. */
function settled(parts: readonly ConversationPartInput[], later: readonly string[]): boolean {
  const answered = parts.findIndex((p) => p.role !== "user") >= 0;
  if (!answered || later.length === 0 || later.length > 2) return false;
  const last = later.at(-1)!;
  return (RESOLVED_SIGNALS.test(last) && !saysPersists(last)) || acknowledges(last);
}

/** Whether a normalised text says the user is stuck (something fails, or how do I…). */
function stuck(normalized: string): boolean {
  return saysFailure(normalized) || asksHow(normalized);
}

/** Distinct topic terms of a text. */
function topicTerms(text: string): number {
  return new Set(tokenize(text).map((t) => t.term)).size;
}

/** Fewest topic terms the trouble sentences need to stand for the whole message. */
const FOCUS_TOKENS = 2;

/** A text cut into sentences (at . ! ? and line breaks followed by a space or the end). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?\n])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * The part of a problem message its terms come from: the sentences that state the trouble, when
 * they hold enough topic terms, so context, chatter and what was tried ("we run a small bike
 * shop", "I restarted my phone twice", a signature) do not decide which cluster the issue joins;
 * else the whole message.
 */
function focus(body: string): string {
  const trouble = sentences(body).filter((s) => {
    const normalized = normalizeText(s);
    return statesTrouble(s, normalized) && !reportsAttempt(normalized);
  });
  const text = trouble.join(" ");
  return topicTerms(text) >= FOCUS_TOKENS ? text : body;
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
 * The issues of a conversation, from its user parts only: none for small talk (praise, thanks,
 * never mind, too few topic words), none when the user's follow-up acknowledges the first
 * answer; otherwise one issue, drawn from the first part that states the problem (stuck, or a
 * plain fact with enough topic words) and the subject, which users often phrase as the problem.
 */
export function extractIssues(
  subject: string | null,
  parts: readonly ConversationPartInput[],
): ExtractedIssue[] {
  const userParts = parts.filter((p) => p.role === "user" && p.body.trim() !== "");
  if (userParts.length === 0) return [];
  const texts = userParts.map((p) => normalizeText(p.body));
  if (settled(parts, texts.slice(1))) return [];
  const subjectStuck = subject !== null && stuck(normalizeText(subject));
  const talk = texts.map(smallTalk);
  const anyStuck = subjectStuck || texts.some((t, i) => stuck(t) && !talk[i]);
  // Nothing says the user is stuck and something is small talk: thanks, praise, never mind.
  if (!anyStuck && talk.some((t) => t)) return [];
  // The parts that state the problem: stuck, or a plain fact with enough topic words.
  let sources = userParts.filter(
    (p, i) => !talk[i] && (stuck(texts[i]!) || topicTerms(p.body) >= STATEMENT_TOKENS),
  );
  if (sources.length === 0) {
    if (!subjectStuck) return [];
    sources = userParts.slice(0, 1);
  }
  const tokens = tokenize([subject ?? "", focus(sources[0]!.body)].join("\n"));
  if (new Set(tokens.map((t) => t.term)).size < MIN_TOKENS) return [];
  const lead = sources[0]!.body;
  const title = firstSentence(subjectStuck && subject ? subject : lead, 120);
  const summary = clip(sources.map((p) => p.body.replace(/\s+/g, " ").trim()).join(" "), 400);
  return [{ title, summary, tokens }];
}
