import { tokenize } from "../../src/insights/text";
import { clusteringScores, clusterInMemory } from "../helpers/insights-memory";
import type { Corpus } from "./corpora/kit";

/**
 * Scores the built-in engine on one labelled corpus against the generalisation targets of issue
 * 26: purity, adjusted Rand index, clusters against problems, noise left without an issue, and
 * whether each problem's cluster is labelled by the problem's own words (no greeting, no filler).
 */

/** The targets every corpus must meet. */
export const TARGETS = { purity: 0.9, ari: 0.7, clustersPerProblem: 2, quietNoise: 0.9 };

/**
 * Greetings, politeness and filler of support chats in the corpora's languages: a label made of
 * any of them names no problem. Kept here, apart from the engine's own word lists, on purpose.
 */
const FILLER = new Set(
  `hi hello hey dear morning afternoon thanks thank thx cheers regards kind best please advise
  help question issue issues problem problems still same again found mind never nothing chat
  just any idea update urgent works working anyone team folks guys support appreciate lot sorry
  bonjour salut merci cordialement toujours pareil souci hola gracias sigue igual crack listo
  hallo moin danke gruss leider immer noch dasselbe zusammen bitte yo lol nvm ty`.split(/\s+/),
);

/** One corpus's figures and verdict. */
export interface CorpusFigures {
  corpus: string;
  conversations: number;
  problems: number;
  clusters: number;
  purity: number;
  ari: number;
  noiseWithoutIssue: number;
  problemsWithoutIssue: number;
  /** Per problem, the clusters its conversations landed in (a singleton counts). */
  clustersByProblem: Record<string, number>;
  /** Noise conversations whose issue joined a cluster holding problem conversations. */
  noiseInProblemClusters: number;
  labels: Record<string, string>;
  failures: string[];
}

/** Whether a label names the problem by its own words and carries no filler. */
function labelFault(label: string, salient: readonly string[]): string | null {
  const words = label
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w !== "");
  const filler = words.filter((w) => FILLER.has(w));
  if (filler.length > 0) return `filler word(s) ${filler.join(", ")}`;
  const own = new Set(tokenize(salient.join(" ")).map((t) => t.term));
  const named = tokenize(label).some((t) => own.has(t.term));
  return named ? null : `names none of ${salient.join(", ")}`;
}

/** Runs the engine over a corpus and measures it against `TARGETS`. */
export function evaluateCorpus(corpus: Corpus): CorpusFigures {
  const labelsById = new Map<string, string>();
  const assigned = clusterInMemory(corpus.conversations, labelsById);
  const pairs: { label: string; cluster: string }[] = [];
  const realClusters = new Set<string>();
  const byProblem = new Map<string, Map<string, number>>();
  let noise = 0;
  let quiet = 0;
  let missed = 0;
  const noiseClusters: string[] = [];
  for (const c of corpus.conversations) {
    const cluster = assigned.get(c.id) ?? null;
    if (cluster !== null) realClusters.add(cluster);
    if (c.label === null) {
      noise += 1;
      if (cluster === null) quiet += 1;
      else noiseClusters.push(cluster);
      continue;
    }
    if (cluster === null) missed += 1;
    pairs.push({ label: c.label, cluster: cluster ?? `none:${c.id}` });
    if (cluster !== null) {
      const counts = byProblem.get(c.label) ?? new Map<string, number>();
      counts.set(cluster, (counts.get(cluster) ?? 0) + 1);
      byProblem.set(c.label, counts);
    }
  }
  const scores = clusteringScores(pairs);
  const failures: string[] = [];
  const labels: Record<string, string> = {};
  for (const [problem, salient] of corpus.salient) {
    const counts = [...(byProblem.get(problem) ?? new Map<string, number>()).entries()];
    counts.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const main = counts[0]?.[0];
    const label = main ? (labelsById.get(main) ?? "") : "";
    labels[problem] = label;
    const fault = main ? labelFault(label, salient) : "no cluster";
    if (fault) failures.push(`label of ${problem} "${label}": ${fault}`);
  }
  const problems = corpus.salient.size;
  const problemClusters = new Set([...byProblem.values()].flatMap((m) => [...m.keys()]));
  const clustersByProblem = Object.fromEntries(
    [...corpus.salient.keys()].map((p) => [p, byProblem.get(p)?.size ?? 0]),
  );
  const figures = {
    corpus: corpus.name,
    conversations: corpus.conversations.length,
    problems,
    clusters: realClusters.size,
    purity: Number(scores.purity.toFixed(3)),
    ari: Number(scores.ari.toFixed(3)),
    noiseWithoutIssue: Number((quiet / Math.max(noise, 1)).toFixed(3)),
    problemsWithoutIssue: missed,
    clustersByProblem,
    noiseInProblemClusters: noiseClusters.filter((c) => problemClusters.has(c)).length,
    labels,
    failures,
  };
  if (figures.purity < TARGETS.purity)
    failures.push(`purity ${figures.purity} < ${TARGETS.purity}`);
  if (figures.ari < TARGETS.ari) failures.push(`ARI ${figures.ari} < ${TARGETS.ari}`);
  if (figures.clusters > TARGETS.clustersPerProblem * problems) {
    failures.push(`${figures.clusters} clusters > ${TARGETS.clustersPerProblem} × ${problems}`);
  }
  if (figures.noiseWithoutIssue < TARGETS.quietNoise) {
    failures.push(`noise without issue ${figures.noiseWithoutIssue} < ${TARGETS.quietNoise}`);
  }
  return figures;
}

/** A printable report of one corpus: its figures, its labels and PASS or FAIL with reasons. */
export function formatFigures(f: CorpusFigures): string {
  const head =
    `${f.failures.length === 0 ? "PASS" : "FAIL"} ${f.corpus}: ${f.conversations} conversations, ` +
    `${f.problems} problems → ${f.clusters} clusters; purity ${f.purity}, ARI ${f.ari}, ` +
    `noise without issue ${(f.noiseWithoutIssue * 100).toFixed(1)} %, ` +
    `problem conversations without issue ${f.problemsWithoutIssue}, ` +
    `noise in problem clusters ${f.noiseInProblemClusters}`;
  const spread = Object.entries(f.clustersByProblem).map(([p, n]) => `${p} ${n}`);
  const labels = Object.entries(f.labels).map(([p, l]) => `    ${p}: "${l}"`);
  const failures = f.failures.map((x) => `    ✗ ${x}`);
  return [
    head,
    `  clusters per problem: ${spread.join(", ")}`,
    "  labels:",
    ...labels,
    ...failures,
  ].join("\n");
}
