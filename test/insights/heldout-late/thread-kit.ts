import type { FixtureConversation } from "../../helpers/insights-memory";
import type { Corpus } from "../corpora/kit";

/**
 * Generator family C (HELD OUT, written after the engine of issue 33 was frozen, measured once):
 * e-mail-like threads. The first user turn states one of a problem's descriptions in the
 * customer's language, wrapped in what mail carries (a quoted earlier message, a device line, a
 * signature, sometimes shouting or emoji); a later turn may add another description. Typos
 * drop vowels. No code shared with families A and B.
 */

/** A problem of the late held-out corpus: descriptions per language. */
export interface ThreadProblem {
  label: string;
  salient: string[];
  says: Record<"en" | "fr" | "de" | "es", string[]>;
}

/** Mail furniture per language. */
interface ThreadFurniture {
  devices: string[];
  signatures: string[];
  quoted: string[];
  nudges: string[];
}

/** A late held-out corpus. */
export interface ThreadSpec {
  name: string;
  seed: number;
  perProblem: number;
  problems: ThreadProblem[];
  furniture: Record<"en" | "fr" | "de" | "es", ThreadFurniture>;
  noise: string[][];
  noiseCount: number;
}

/** A seeded generator (split-mix style). */
function splitmix(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** Drops one vowel from a word of seven letters or more (a hurried typist). */
function dropVowel(text: string, rand: () => number): string {
  const words = text.split(" ");
  const long = words.flatMap((w, i) => (/^\p{L}{7,}$/u.test(w) ? [i] : []));
  if (long.length === 0) return text;
  const i = long[Math.floor(rand() * long.length)]!;
  const w = words[i]!;
  const vowels = [...w].flatMap((ch, j) => (j > 0 && /[aeiou]/.test(ch) ? [j] : []));
  if (vowels.length === 0) return text;
  const j = vowels[Math.floor(rand() * vowels.length)]!;
  words[i] = w.slice(0, j) + w.slice(j + 1);
  return words.join(" ");
}

/** Builds the late held-out corpus. */
export function buildThreadCorpus(spec: ThreadSpec): Corpus {
  const rand = splitmix(spec.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const langs = ["en", "en", "fr", "de", "es"] as const;
  const out: FixtureConversation[] = [];
  const when = (i: number) => new Date(Date.UTC(2026, 10, 2) + i * 1_800_000).toISOString();
  const m = (role: "user" | "assistant", body: string) => ({ type: "message", role, body });
  for (const p of spec.problems) {
    for (let k = 0; k < spec.perProblem; k++) {
      const lang = pick(langs);
      const f = spec.furniture[lang];
      let said = pick(p.says[lang]);
      if (rand() < 0.15) said = said.toUpperCase();
      if (rand() < 0.3) said = dropVowel(said, rand);
      const lines = [said];
      if (rand() < 0.4) lines.push(pick(f.devices));
      if (rand() < 0.3) lines.push("🙁");
      if (rand() < 0.5) lines.push(`\n${pick(f.signatures)}`);
      if (rand() < 0.25) lines.push(`\n> ${pick(f.quoted)}`);
      const parts = [m("user", lines.join(" "))];
      if (rand() < 0.35) {
        parts.push(m("assistant", "Thanks, we are looking into it."));
        parts.push(m("user", rand() < 0.5 ? pick(p.says[lang]) : pick(f.nudges)));
      }
      out.push({
        id: `${spec.name}-${p.label}-${k}`,
        label: p.label,
        ...(rand() < 0.4 ? { subject: `Re: ${pick(p.says[lang]).split(/[,.]/)[0]}` } : {}),
        metadata: { createdAt: when(out.length) },
        parts,
      });
    }
  }
  for (let k = 0; k < spec.noiseCount; k++) {
    const thread = spec.noise[k % spec.noise.length]!;
    out.push({
      id: `${spec.name}-noise-${k}`,
      label: null,
      metadata: { createdAt: when(out.length) },
      parts: thread.map((body, i) => m(i % 2 === 0 ? "user" : "assistant", body)),
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
