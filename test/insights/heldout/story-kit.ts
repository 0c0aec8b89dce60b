import type { FixtureConversation } from "../../helpers/insights-memory";
import type { Corpus } from "../corpora/kit";

/**
 * Generator family B (HELD OUT, issue 33): conversations told as small stories. Each one is
 * assembled from a problem's symptom descriptions in the customer's language (several distinct
 * symptoms per root problem, each with `{a|b|c}` alternatives), optional context, attempts,
 * impact and chatter, in one of three lengths, with typos of four kinds, a subject that is
 * sometimes in English whatever the language (a web form's category), and agent turns. It shares
 * no code with the tuning family (test/insights/paraphrase/) and was written before any tuning.
 */

/** The four languages the held-out desk answers. */
export type Lang = "en" | "fr" | "de" | "es";

/** One language's way of telling one problem. */
interface Telling {
  symptoms: string[];
  context?: string[];
  subjects: string[];
}

/** A root problem and its tellings per language. */
export interface StoryProblem {
  label: string;
  salient: string[];
  tellings: Record<Lang, Telling>;
  /** Form categories (English) a subject may carry whatever the language. */
  formSubjects: string[];
}

/** What every story of a language may add around the problem. */
export interface LangFrame {
  openers: string[];
  closers: string[];
  chatter: string[];
  attempts: string[];
  impact: string[];
  agentAsks: string[];
  stillBroken: string[];
}

/** The description of a held-out corpus. */
export interface StoryCorpusSpec {
  name: string;
  seed: number;
  perProblem: number;
  languageWeights: Record<Lang, number>;
  problems: StoryProblem[];
  frames: Record<Lang, LangFrame>;
  noise: Record<Lang, string[][]>;
  noiseCount: number;
}

/** xorshift32, seeded (a different generator from the tuning family's). */
function xorshift(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const KEYBOARD_NEIGHBOURS: Record<string, string> = {
  a: "s",
  e: "r",
  i: "o",
  o: "p",
  n: "m",
  r: "t",
  t: "z",
  s: "d",
  l: "k",
  c: "v",
};

/** Expands `{a|b|c}` alternatives, innermost first. */
function expand(text: string, rand: () => number): string {
  let out = text;
  for (let guard = 0; guard < 20 && out.includes("{"); guard++) {
    out = out.replace(/\{([^{}]*)\}/g, (_, body: string) => {
      const options = body.split("|");
      return options[Math.floor(rand() * options.length)]!;
    });
  }
  return out;
}

/** One typo of one of four kinds (drop, double, swap, neighbouring key) in a longer word. */
function typo(text: string, rand: () => number): string {
  const words = text.split(" ");
  const idx = words.map((w, i) => [w, i] as const).filter(([w]) => /^\p{L}{5,}$/u.test(w));
  if (idx.length === 0) return text;
  const [w, i] = idx[Math.floor(rand() * idx.length)]!;
  const at = 1 + Math.floor(rand() * (w.length - 2));
  const kind = Math.floor(rand() * 4);
  let out: string;
  if (kind === 0) out = w.slice(0, at) + w.slice(at + 1);
  else if (kind === 1) out = w.slice(0, at) + w[at] + w.slice(at);
  else if (kind === 2 && at < w.length - 1)
    out = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
  else out = w.slice(0, at) + (KEYBOARD_NEIGHBOURS[w[at]!] ?? w[at]) + w.slice(at + 1);
  words[i] = out;
  return words.join(" ");
}

/** Builds the held-out corpus: stories per problem in weighted languages, then noise, shuffled. */
export function buildStoryCorpus(spec: StoryCorpusSpec): Corpus {
  const rand = xorshift(spec.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const langs = Object.entries(spec.languageWeights) as [Lang, number][];
  const total = langs.reduce((s, [, w]) => s + w, 0);
  const language = (): Lang => {
    let r = rand() * total;
    for (const [l, w] of langs) if ((r -= w) < 0) return l;
    return langs[0]![0];
  };
  const say = (t: string) => expand(t, rand);
  const out: FixtureConversation[] = [];
  const at = (i: number) => new Date(Date.UTC(2026, 9, 5) + i * 2_700_000).toISOString();
  const msg = (role: "user" | "assistant", body: string) => ({ type: "message", role, body });
  for (const p of spec.problems) {
    for (let k = 0; k < spec.perProblem; k++) {
      const lang = language();
      const t = p.tellings[lang];
      const f = spec.frames[lang];
      const length = rand();
      const sentences: string[] = [];
      const first = say(pick(t.symptoms));
      if (length < 0.3) {
        // Short: one symptom, often lower case without punctuation.
        sentences.push(rand() < 0.5 ? first.toLowerCase().replace(/[.!?]$/, "") : first);
      } else {
        if (rand() < 0.7) sentences.push(pick(f.openers));
        if (length > 0.7 && rand() < 0.7) sentences.push(say(pick(f.chatter)));
        sentences.push(first);
        if (t.context && rand() < 0.5) sentences.push(say(pick(t.context)));
        if (length > 0.7) {
          const second = say(pick(t.symptoms));
          if (second !== first) sentences.push(second);
          sentences.push(say(pick(f.attempts)));
        }
        if (rand() < 0.4) sentences.push(say(pick(f.impact)));
        if (rand() < 0.5) sentences.push(pick(f.closers));
      }
      let body = sentences.filter((s) => s !== "").join(" ");
      const typos = rand() < 0.4 ? 1 + Math.floor(rand() * 2) : 0;
      for (let n = 0; n < typos; n++) body = typo(body, rand);
      const parts = [msg("user", body)];
      if (rand() < 0.45) {
        parts.push(msg("assistant", pick(f.agentAsks)));
        const r = rand();
        if (r < 0.5) parts.push(msg("user", say(pick(f.stillBroken))));
        else if (r < 0.8) parts.push(msg("user", say(pick(t.symptoms))));
      }
      const s = rand();
      const subject = s < 0.3 ? pick(p.formSubjects) : s < 0.65 ? say(pick(t.subjects)) : undefined;
      out.push({
        id: `${spec.name}-${p.label}-${k}`,
        label: p.label,
        ...(subject ? { subject } : {}),
        metadata: { createdAt: at(out.length) },
        parts,
      });
    }
  }
  for (let k = 0; k < spec.noiseCount; k++) {
    const lang = language();
    const thread = spec.noise[lang][k % spec.noise[lang].length]!;
    out.push({
      id: `${spec.name}-noise-${k}`,
      label: null,
      metadata: { createdAt: at(out.length) },
      parts: thread.map((body, i) => msg(i % 2 === 0 ? "user" : "assistant", say(body))),
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
