import type { FixtureConversation } from "../../helpers/insights-memory";

/**
 * The building blocks of the generalisation corpora: a seeded random source and a composer that
 * turns a corpus description (problems phrased many ways, noise threads, openers, closers) into
 * labelled conversations. The corpora share no phrasing with test/fixtures/conversations: each
 * corpus file owns its own words; only the assembly lives here.
 */

/** A support problem of a corpus: its label, its own salient words and how users phrase it. */
interface ProblemSpec {
  label: string;
  /** Words a good cluster label for this problem names (any one of them is enough). */
  salient: string[];
  /** Subjects users give the thread (a subject is sometimes left out). */
  subjects: string[];
  /** Ways the first user message states the problem. */
  lines: string[];
  /** Extra context a user sometimes adds after the problem (never alone). */
  details?: string[];
}

/** One noise thread: turns as [role, body]. */
type NoiseThread = readonly (readonly ["user" | "assistant", string])[];

/** A whole corpus description. */
export interface CorpusSpec {
  name: string;
  seed: number;
  problems: ProblemSpec[];
  /** Conversations per problem. */
  perProblem: number;
  noise: NoiseThread[];
  /** Noise conversations (the threads are cycled, with a random opener). */
  noiseCount: number;
  openers: string[];
  closers: string[];
  answers: string[];
  /** User follow-ups that say the problem is still there. */
  followUps: string[];
  /** Chance that a problem message carries a typo (0–1). */
  typoRate: number;
}

/** A generated corpus: its conversations and, per problem, its salient words. */
export interface Corpus {
  name: string;
  conversations: FixtureConversation[];
  salient: Map<string, string[]>;
}

/** A small seeded generator (mulberry32): the same seed gives the same corpus. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Swaps two adjacent letters of one longer word (a realistic typo). */
function typo(text: string, rand: () => number): string {
  const words = text.split(" ");
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[a-z]{6,}$/i.test(w));
  if (long.length === 0) return text;
  const [word, i] = long[Math.floor(rand() * long.length)]!;
  const at = 1 + Math.floor(rand() * (word.length - 3));
  words[i] = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return words.join(" ");
}

/** Builds the labelled conversations of a corpus, shuffled stably so problems and noise mix. */
export function buildCorpus(spec: CorpusSpec): Corpus {
  const rand = seeded(spec.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const day = (i: number) => new Date(Date.UTC(2026, 8, 1) + i * 3_600_000).toISOString();
  const out: FixtureConversation[] = [];
  const message = (role: "user" | "assistant", body: string) => ({ type: "message", role, body });
  for (const p of spec.problems) {
    for (let k = 0; k < spec.perProblem; k++) {
      let body = pick(p.lines);
      if (p.details && rand() < 0.45) body = `${body} ${pick(p.details)}`;
      if (rand() < spec.typoRate) body = typo(body, rand);
      body = [pick(spec.openers), body, pick(spec.closers)].filter((s) => s !== "").join(" ");
      const parts = [message("user", body)];
      if (rand() < 0.5) {
        parts.push(message("assistant", pick(spec.answers)));
        if (rand() < 0.6) parts.push(message("user", pick(spec.followUps)));
      }
      out.push({
        id: `${spec.name}-${p.label}-${k}`,
        label: p.label,
        ...(rand() < 0.6 ? { subject: pick(p.subjects) } : {}),
        metadata: { createdAt: day(out.length) },
        parts,
      });
    }
  }
  for (let k = 0; k < spec.noiseCount; k++) {
    const thread = spec.noise[k % spec.noise.length]!;
    out.push({
      id: `${spec.name}-noise-${k}`,
      label: null,
      metadata: { createdAt: day(out.length) },
      parts: thread.map(([role, body], i) =>
        message(
          role,
          i === 0 && role === "user" && rand() < 0.3
            ? `${pick(spec.openers)} ${body}`.trim()
            : body,
        ),
      ),
    });
  }
  const keyed = out.map((c) => ({ c, key: rand() }));
  keyed.sort((a, b) => a.key - b.key);
  return {
    name: spec.name,
    conversations: keyed.map((k) => k.c),
    salient: new Map(spec.problems.map((p) => [p.label, p.salient])),
  };
}
