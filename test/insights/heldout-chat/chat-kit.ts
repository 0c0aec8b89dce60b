import type { FixtureConversation } from "../../helpers/insights-memory";
import type { Corpus } from "../corpora/kit";

/**
 * Generator family E (issue 33, helper "clusters", written before any result on its corpus was
 * read): live-chat threads. A problem is a set of symptom sentences per language, and users tell
 * one in one of six ways: a bare symptom, a symptom with a place ("on the station screen"), a
 * question, two chat turns (context first, the symptom once the agent asks), a long message (a
 * second symptom, a consequence), or shouted in capitals. Five languages (Italian among them, a
 * language the engine has no word list for), English category subjects or subjects in the user's
 * language, emoji, vowels dropped, words doubled, neighbouring keys, letters swapped. Only the
 * assembly lives here; every word belongs to the corpus file.
 */

/** The desk's languages. */
export type ChatLang = "en" | "fr" | "de" | "es" | "it";

/** A problem: its label, the words a good label names, its symptoms and subjects per language. */
export interface ChatProblem {
  label: string;
  salient: string[];
  /** An English form category some chats carry as subject, whatever their language. */
  category: string;
  symptoms: Record<ChatLang, string[]>;
  subjects: Record<ChatLang, string[]>;
}

/** What one language wraps a symptom in. */
export interface ChatLanguage {
  /** Openers of a chat ("hi there", "") and closers ("thx", a name). */
  openers: string[];
  closers: string[];
  /** Places, appended to a symptom ("in the app", "at the machine"). */
  places: string[];
  /** Question frames over {s} (the symptom). */
  questions: string[];
  /** A first turn saying only who or where the user is; the agent asks; the symptom follows. */
  contexts: string[];
  asks: string[];
  /** Consequences a long message adds. */
  consequences: string[];
  /** Agent answers and user follow-ups saying it persists. */
  answers: string[];
  persists: string[];
}

/** A corpus description for this kit. */
export interface ChatCorpusSpec {
  name: string;
  seed: number;
  perProblem: number;
  problems: ChatProblem[];
  languages: Record<ChatLang, ChatLanguage>;
  /** Share of chats per language, in `en, fr, de, es, it` order. */
  mix: [number, number, number, number, number];
  noise: string[][];
  noiseCount: number;
  typoRate: number;
}

/** A linear congruential source (another generator than the other families'). */
function lcg(seed: number): () => number {
  let x = seed % 2147483647 || 7;
  return () => {
    x = (x * 48271) % 2147483647;
    return (x - 1) / 2147483646;
  };
}

/** Letters a finger slips to. */
const SLIP: Record<string, string> = { a: "q", e: "w", o: "i", t: "r", n: "b", s: "a", m: "n" };

/** One typo: vowel dropped, word doubled, neighbouring key, two letters swapped. */
function typo(text: string, rand: () => number): string {
  const words = text.split(" ");
  const long = words.flatMap((w, i) => (/^\p{L}{4,}$/u.test(w) ? [i] : []));
  if (long.length === 0) return text;
  const i = long[Math.floor(rand() * long.length)]!;
  const w = words[i]!;
  const kind = Math.floor(rand() * 4);
  if (kind === 0) words[i] = w[0] + w.slice(1).replace(/[aeiou]/, "");
  else if (kind === 1) words[i] = `${w} ${w}`;
  else if (kind === 2) {
    const at = 1 + Math.floor(rand() * (w.length - 1));
    words[i] = w.slice(0, at) + (SLIP[w[at]!] ?? w[at]) + w.slice(at + 1);
  } else {
    const at = 1 + Math.floor(rand() * (w.length - 2));
    words[i] = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
  }
  return words.join(" ");
}

const EMOJI = ["🙁", "😡", "🤔", "!!", "??", "🙏"];

/** Builds a corpus from its description (deterministic). */
export function buildChatCorpus(spec: ChatCorpusSpec): Corpus {
  const rand = lcg(spec.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const codes: ChatLang[] = ["en", "fr", "de", "es", "it"];
  const langOf = (): ChatLang => {
    let r = rand();
    for (const [i, share] of spec.mix.entries()) if ((r -= share) < 0) return codes[i]!;
    return "en";
  };
  const msg = (role: "user" | "assistant", body: string) => ({
    type: "message",
    role,
    body: body.replace(/\s+/g, " ").trim(),
  });
  const out: FixtureConversation[] = [];
  const at = (i: number) => new Date(Date.UTC(2026, 10, 2) + i * 3_100_000).toISOString();
  for (const p of spec.problems) {
    for (let k = 0; k < spec.perProblem; k++) {
      const code = langOf();
      const l = spec.languages[code];
      const s = pick(p.symptoms[code]);
      const bare = s.replace(/[.!?]+$/, "");
      const shape = Math.floor(rand() * 6);
      let turns: { role: "user" | "assistant"; body: string }[];
      if (shape === 0) turns = [{ role: "user", body: bare.toLowerCase() }];
      else if (shape === 1)
        turns = [{ role: "user", body: `${pick(l.openers)} ${bare} ${pick(l.places)}` }];
      else if (shape === 2) {
        turns = [
          {
            role: "user",
            body: `${pick(l.openers)} ${pick(l.questions).replace("{s}", bare.toLowerCase())}`,
          },
        ];
      } else if (shape === 3) {
        turns = [
          { role: "user", body: `${pick(l.openers)} ${pick(l.contexts)}` },
          { role: "assistant", body: pick(l.asks) },
          { role: "user", body: s },
        ];
      } else if (shape === 4) {
        const other = p.symptoms[code].filter((x) => x !== s);
        const second = other.length > 0 ? pick(other) : "";
        const body = [pick(l.openers), s, second, pick(l.consequences), pick(l.closers)].join(" ");
        turns = [{ role: "user", body }];
      } else turns = [{ role: "user", body: `${bare.toUpperCase()} ${pick(EMOJI)}` }];
      const first = turns.map((t) => t.role).lastIndexOf("user");
      let body = turns[first]!.body;
      if (rand() < spec.typoRate) body = typo(body, rand);
      if (rand() < spec.typoRate / 2) body = typo(body, rand);
      if (rand() < 0.2) body = `${body} ${pick(EMOJI)}`;
      turns[first] = { role: "user", body };
      if (rand() < 0.4) {
        turns.push({ role: "assistant", body: pick(l.answers) });
        if (rand() < 0.5) turns.push({ role: "user", body: pick(l.persists) });
      }
      const r = rand();
      const subject = r < 0.2 ? p.category : r < 0.5 ? pick(p.subjects[code]) : undefined;
      out.push({
        id: `${spec.name}-${p.label}-${k}`,
        label: p.label,
        ...(subject ? { subject } : {}),
        metadata: { createdAt: at(out.length) },
        parts: turns.map((t) => msg(t.role, t.body)),
      });
    }
  }
  for (let k = 0; k < spec.noiseCount; k++) {
    const thread = spec.noise[k % spec.noise.length]!;
    out.push({
      id: `${spec.name}-noise-${k}`,
      label: null,
      metadata: { createdAt: at(out.length) },
      parts: thread.map((b, i) => msg(i % 2 === 0 ? "user" : "assistant", b)),
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
