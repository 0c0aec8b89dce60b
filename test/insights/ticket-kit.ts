import type { FixtureConversation } from "../helpers/insights-memory";
import type { Corpus } from "./corpora/kit";

/**
 * Generator family D (issue 33, session of helper "clusters"): support tickets told as short
 * notes, plain requests or long stories. Each problem lists, per language, whole sentences that
 * state one of its symptoms (several symptoms, several wordings); a ticket picks one (a long
 * ticket a second, different one) and wraps it in the language's frames, context, what was
 * tried and the impact. Typos of four kinds, agent replies, follow-ups, noise threads. Only the
 * assembly lives here: every word belongs to the corpus file, so the training corpus and the
 * held-out corpus built with this kit share no wording.
 */

/** The four languages of the desks. */
export type TicketLang = "en" | "fr" | "de" | "es";

/** A problem: its label, the words a good label names, and per language how users state it. */
export interface TicketProblem {
  label: string;
  salient: string[];
  /** Whole sentences, each stating one symptom of the problem. */
  says: Record<TicketLang, string[]>;
  /** Thread subjects (sometimes left out). */
  subjects: Record<TicketLang, string[]>;
}

/** What a language wraps every statement in. */
export interface TicketLanguage {
  /** Frames over {say} (a statement of the problem). */
  frames: string[];
  greetings: string[];
  signoffs: string[];
  /** Who the user is, what they were doing (long tickets). */
  contexts: string[];
  /** What the user tried (long tickets). */
  tried: string[];
  /** Why it matters (long tickets). */
  impacts: string[];
  replies: string[];
  followUps: string[];
}

/** A corpus description for this kit. */
interface TicketCorpusSpec {
  name: string;
  seed: number;
  perProblem: number;
  problems: TicketProblem[];
  languages: Record<TicketLang, TicketLanguage>;
  /** Share of conversations per language, in `en, fr, de, es` order. */
  mix: [number, number, number, number];
  /** Noise threads, turns alternating user / agent, user first. */
  noise: string[][];
  noiseCount: number;
  /** Chance that a problem ticket carries one or two typos. */
  typoRate: number;
}

/** xorshift32, seeded: the same seed gives the same corpus. */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

/** Keyboard neighbours of some letters (a slipped finger). */
const NEIGHBOURS: Record<string, string> = {
  a: "s",
  e: "r",
  i: "o",
  o: "p",
  n: "m",
  r: "t",
  s: "d",
  t: "y",
  l: "k",
  c: "v",
};

/** One typo in one word of five letters or more: dropped, doubled, swapped or slipped letter. */
function typo(text: string, rand: () => number): string {
  const words = text.split(" ");
  const long = words.flatMap((w, i) => (/^\p{L}{5,}$/u.test(w) ? [i] : []));
  if (long.length === 0) return text;
  const i = long[Math.floor(rand() * long.length)]!;
  const w = words[i]!;
  const at = 1 + Math.floor(rand() * (w.length - 2));
  const kind = Math.floor(rand() * 4);
  if (kind === 0) words[i] = w.slice(0, at) + w.slice(at + 1);
  else if (kind === 1) words[i] = w.slice(0, at) + w[at] + w.slice(at);
  else if (kind === 2) words[i] = w.slice(0, at - 1) + w[at] + w[at - 1] + w.slice(at + 1);
  else words[i] = w.slice(0, at) + (NEIGHBOURS[w[at]!] ?? w[at]) + w.slice(at + 1);
  return words.join(" ");
}

/** A short note: lower case, no final punctuation. */
const terse = (s: string) => s.toLowerCase().replace(/[.!?]+$/, "");

/** Builds a corpus from its description. */
export function buildTicketCorpus(spec: TicketCorpusSpec): Corpus {
  const rand = xorshift(spec.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const order: TicketLang[] = ["en", "fr", "de", "es"];
  const lang = (): TicketLang => {
    let r = rand();
    for (const [i, share] of spec.mix.entries()) if ((r -= share) < 0) return order[i]!;
    return "en";
  };
  const out: FixtureConversation[] = [];
  const created = (i: number) => new Date(Date.UTC(2026, 9, 5) + i * 4_200_000).toISOString();
  const message = (role: "user" | "assistant", body: string) => ({ type: "message", role, body });
  for (const p of spec.problems) {
    for (let k = 0; k < spec.perProblem; k++) {
      const code = lang();
      const l = spec.languages[code];
      const says = p.says[code];
      const first = pick(says);
      const framed = pick(l.frames).replace("{say}", first);
      const r = rand();
      let body: string;
      if (r < 0.3) body = terse(first);
      else if (r < 0.7) body = [pick(l.greetings), framed, pick(l.signoffs)].join(" ");
      else {
        const others = says.filter((s) => s !== first);
        const second = others.length > 0 && rand() < 0.6 ? pick(others) : "";
        const bits = [pick(l.greetings), pick(l.contexts), framed, second, pick(l.tried)];
        if (rand() < 0.6) bits.push(pick(l.impacts));
        bits.push(pick(l.signoffs));
        body = bits.join(" ");
      }
      body = body.replace(/\s+/g, " ").trim();
      if (rand() < spec.typoRate) body = typo(body, rand);
      if (rand() < spec.typoRate / 2) body = typo(body, rand);
      const parts = [message("user", body)];
      if (rand() < 0.45) {
        parts.push(message("assistant", pick(l.replies)));
        if (rand() < 0.6) parts.push(message("user", pick(l.followUps)));
      }
      const subject = rand() < 0.55 ? pick(p.subjects[code]) : undefined;
      out.push({
        id: `${spec.name}-${p.label}-${k}`,
        label: p.label,
        ...(subject ? { subject } : {}),
        metadata: { createdAt: created(out.length) },
        parts,
      });
    }
  }
  for (let k = 0; k < spec.noiseCount; k++) {
    const thread = spec.noise[k % spec.noise.length]!;
    out.push({
      id: `${spec.name}-noise-${k}`,
      label: null,
      metadata: { createdAt: created(out.length) },
      parts: thread.map((b, i) => message(i % 2 === 0 ? "user" : "assistant", b)),
    });
  }
  const keyed = out.map((c) => ({ c, key: rand() }));
  keyed.sort((a, b) => a.key - b.key);
  return {
    name: spec.name,
    conversations: keyed.map((x) => x.c),
    salient: new Map(spec.problems.map((p) => [p.label, p.salient])),
  };
}
