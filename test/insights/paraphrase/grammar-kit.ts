import type { FixtureConversation } from "../../helpers/insights-memory";
import type { Corpus } from "../corpora/kit";

/**
 * Generator family A (TUNING, issue 33): paraphrases from a slot grammar. Each problem names, per
 * language, the things it is about (synonymous noun phrases) and the symptoms (verb phrases);
 * sentence templates of the language combine them ("Since {when}, {thing} {symptom}."), so
 * almost every conversation words its problem differently. Around them: chatter, a second
 * symptom in long messages, typos (deleted or replaced letters), replies and follow-ups.
 */

/** The languages of the tuning desk. */
export type GrammarLang = "en" | "fr" | "de" | "es";

/** One problem in one language: its things and its symptoms. */
interface Slots {
  things: string[];
  symptoms: string[];
}

/** A tuning problem. */
export interface GrammarProblem {
  label: string;
  salient: string[];
  slots: Record<GrammarLang, Slots>;
}

/** What a language adds to every problem. */
export interface GrammarLanguage {
  /** Templates over {thing}, {symptom}, {when}. */
  templates: string[];
  when: string[];
  greetings: string[];
  signoffs: string[];
  chatter: string[];
  replies: string[];
  followUps: string[];
}

/** A tuning corpus description. */
export interface GrammarCorpusSpec {
  name: string;
  seed: number;
  perProblem: number;
  problems: GrammarProblem[];
  languages: Record<GrammarLang, GrammarLanguage>;
  /** Share of conversations per language, in `en, fr, de, es` order. */
  mix: [number, number, number, number];
  noise: string[][];
  noiseCount: number;
}

/** A linear congruential generator (seeded): the same seed gives the same corpus. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const VOWELS = "aeiou";

/** Deletes a letter or replaces a vowel in one word of six letters or more. */
function misspell(text: string, rand: () => number): string {
  const words = text.split(" ");
  const long = words.flatMap((w, i) => (/^\p{L}{6,}$/u.test(w) ? [i] : []));
  if (long.length === 0) return text;
  const i = long[Math.floor(rand() * long.length)]!;
  const w = words[i]!;
  const at = 2 + Math.floor(rand() * (w.length - 3));
  words[i] = VOWELS.includes(w[at]!)
    ? w.slice(0, at) + VOWELS[Math.floor(rand() * 5)] + w.slice(at + 1)
    : w.slice(0, at) + w.slice(at + 1);
  return words.join(" ");
}

/** Capitalises the first letter of a sentence. */
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Builds a tuning corpus from its grammar. */
export function buildGrammarCorpus(spec: GrammarCorpusSpec): Corpus {
  const rand = lcg(spec.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const order: GrammarLang[] = ["en", "fr", "de", "es"];
  const lang = (): GrammarLang => {
    let r = rand();
    for (const [i, share] of spec.mix.entries()) if ((r -= share) < 0) return order[i]!;
    return "en";
  };
  const sentence = (l: GrammarLanguage, s: Slots) =>
    cap(
      pick(l.templates)
        .replace("{thing}", pick(s.things))
        .replace("{symptom}", pick(s.symptoms))
        .replace("{when}", pick(l.when)),
    );
  const out: FixtureConversation[] = [];
  const created = (i: number) => new Date(Date.UTC(2026, 6, 1) + i * 5_400_000).toISOString();
  const message = (role: "user" | "assistant", body: string) => ({ type: "message", role, body });
  for (const p of spec.problems) {
    for (let k = 0; k < spec.perProblem; k++) {
      const code = lang();
      const l = spec.languages[code];
      const s = p.slots[code];
      const r = rand();
      let body: string;
      if (r < 0.25) body = `${pick(s.things)} ${pick(s.symptoms)}`;
      else {
        const bits = [pick(l.greetings), sentence(l, s)];
        if (r > 0.65) bits.splice(1, 0, pick(l.chatter));
        if (r > 0.8) bits.push(sentence(l, s));
        bits.push(pick(l.signoffs));
        body = bits.filter((b) => b !== "").join(" ");
      }
      if (rand() < 0.35) body = misspell(body, rand);
      const parts = [message("user", body)];
      if (rand() < 0.4) {
        parts.push(message("assistant", pick(l.replies)));
        if (rand() < 0.7) parts.push(message("user", pick(l.followUps)));
      }
      const subject = rand() < 0.5 ? cap(`${pick(s.things)} ${pick(s.symptoms)}`) : undefined;
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
