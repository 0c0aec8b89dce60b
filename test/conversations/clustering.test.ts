import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, testDb } from "../helpers/factories";
import { ingestAndWait, PASSWORD_TEXTS, PDF_TEXTS } from "../helpers/conversations-factories";
import { devApiCorpus } from "../insights/corpora/dev-api";
import { iotHardwareCorpus } from "../insights/corpora/iot-hardware";
import { overlapCorpus } from "../insights/corpora/overlap";
import { saasBillingCorpus } from "../insights/corpora/saas-billing";
import { evaluateCorpus, formatFigures, TARGETS } from "../insights/evaluate";
import { calendarDeskCorpus } from "../insights/heldout/calendar-desk";
import { shopDeskCorpus } from "../insights/paraphrase/shop-desk";
import fixture from "../fixtures/conversations/conversations.json";
import {
  clusteringScores,
  clusterInMemory,
  type FixtureConversation,
} from "../helpers/insights-memory";
import { eventually } from "../helpers/jobs";
import { insightsEngine } from "../../src/services/conversations/engine";
import {
  EMBEDDING_MODEL,
  INSTRUCT_MODEL,
  type InsightsAi,
} from "../../src/services/conversations/workers-ai";
import { env } from "cloudflare:test";
import { createDb } from "../../src/db/client";
import { countingD1, emptyStats, type D1Stats } from "../../src/db/counting";
import { storeConversation } from "../../src/services/conversations/ingest";
import { processConversationJob } from "../../src/services/conversations/jobs";
import { createOutbound } from "../../src/outbound";
import { MAX_ASSOCIATES } from "../../src/insights/associations";
import { fixtureAfterMain } from "../helpers/after-main";
import { emptyStorage } from "../helpers/storage";

/** Five phrasings of each problem (the shared four and one more). */
const PASSWORD = [...PASSWORD_TEXTS, "No puedo restablecer mi contraseña, el correo no llega."];

const PDF = [...PDF_TEXTS, "Hi, how do I export a page to PDF? The export button does nothing."];

/**
 * The built-in engine on corpora it was not written against (issue 26): three generated in
 * other domains, lengths, languages and noise ratios, one whose problems share vocabulary, and
 * the held-out corpus (written before tuning, never examined item by item), reported last.
 */
const CORPORA = [
  { build: saasBillingCorpus, heldOut: false },
  { build: devApiCorpus, heldOut: false },
  { build: overlapCorpus, heldOut: false },
  { build: iotHardwareCorpus, heldOut: true },
];

const conversations = fixture as FixtureConversation[];

const parts = [
  {
    type: "message" as const,
    role: "user" as const,
    body: "Je n'arrive pas à exporter en PDF, le fichier est vide.",
  },
];

/** A fake `Ai` binding at the boundary: answers by model, records the calls. */
function fakeAi(answers: { instruct: unknown; embed?: unknown; fail?: boolean }) {
  const calls: string[] = [];
  const ai: InsightsAi = {
    async run(model: string, input: unknown) {
      calls.push(model);
      if (answers.fail) throw new Error("AI binding unavailable");
      if (model === INSTRUCT_MODEL) return answers.instruct;
      if (model === EMBEDDING_MODEL) {
        const texts = (input as { text: string[] }).text;
        return (
          answers.embed ?? { shape: [texts.length, 3], data: texts.map(() => [0.1, 0.2, 0.3]) }
        );
      }
      throw new Error(`unexpected model ${model}`);
    },
  } as InsightsAi;
  return { ai, calls };
}

/** Stores a fixture conversation (copy `round`) and runs its job on a counting handle. */
async function processCounted(orgId: string, c: FixtureConversation, round: number) {
  const id = `${c.id}-r${round}`;
  const revision = await storeConversation(testDb(), {
    organizationId: orgId,
    source: `api:${round % 3}`,
    id,
    subject: c.subject,
    parts: c.parts.map((p) => ({ type: "message", role: p.role, body: p.body })),
  });
  const stats = emptyStats();
  const db = createDb(countingD1(env.DB, stats));
  await processConversationJob.run(
    { organizationId: orgId, conversationId: id, revision },
    {
      env,
      db,
      outbound: createOutbound(env),
      attempt: 1,
      afterMain: fixtureAfterMain(),
      enqueue: async () => {},
    },
  );
  return stats;
}

/** Mean and maximum of a figure over jobs. */
function summary(jobs: readonly D1Stats[], pick: (s: D1Stats) => number) {
  const values = jobs.map(pick);
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
  return { mean: Number(mean.toFixed(1)), max: Math.max(...values) };
}

describe("small-corpus", () => {
  describe("conversation insights on a young corpus", () => {
    it("groups ten conversations of two problems into two clusters", async () => {
      const { org, owner } = await makeOrg();
      const texts = PASSWORD.flatMap((p, i) => [p, PDF[i]!]);
      const problemOf = new Map<string, string>();
      for (const [i, text] of texts.entries()) {
        const body = {
          id: `young-${i}`,
          parts: [{ type: "message" as const, role: "user" as const, body: text }],
        };
        problemOf.set(body.id, i % 2 === 0 ? "password" : "pdf");
        const detail = await ingestAndWait(owner.token, org.id, body);
        expect(detail.conversation.issues).toBe(1);
      }
      const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      expect(clusters.body.count).toBe(2);
      const items = clusters.body.items as {
        id: string;
        icon: string;
        stats: { issues: number };
      }[];
      expect(items.map((c) => c.stats.issues)).toEqual([5, 5]);
      expect(items.map((c) => c.icon).sort()).toEqual(["file-export", "lock"]);
      for (const c of items) {
        const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
          query: { cluster: c.id },
        });
        const problems = issues.body.items.map(
          (i: { conversation: { id: string } }) => problemOf.get(i.conversation.id)!,
        );
        expect(problems).toHaveLength(5);
        expect(new Set(problems).size).toBe(1);
      }
    }, 90_000);
  });
});

describe("generalisation", () => {
  describe("built-in insights engine: quality that generalises", () => {
    const results = CORPORA.map(({ build, heldOut }) => ({
      heldOut,
      figures: evaluateCorpus(build()),
    }));

    it("prints every corpus's figures, labels and verdict (the held-out corpus last)", () => {
      for (const { heldOut, figures } of results) {
        console.log(`${heldOut ? "[held out] " : ""}${formatFigures(figures)}`);
      }
      expect(results.at(-1)!.heldOut).toBe(true);
    });

    for (const [i, { build }] of CORPORA.entries()) {
      it(`meets the targets on corpus ${build.name}`, () => {
        const f = results[i]!.figures;
        expect(f.problems).toBeGreaterThanOrEqual(8);
        expect(f.purity).toBeGreaterThanOrEqual(TARGETS.purity);
        expect(f.ari).toBeGreaterThanOrEqual(TARGETS.ari);
        expect(f.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * f.problems);
        expect(f.noiseWithoutIssue).toBeGreaterThanOrEqual(TARGETS.quietNoise);
        expect(f.failures).toEqual([]);
      });
    }
  });
});

describe("paraphrases", () => {
  /**
   * Issue 33: paraphrases of one problem (other words, four languages, short and long, typos,
   * chatter) must land in one or two clusters. Two generator families: the tuning corpus
   * (shop-desk, slot grammar) the engine was tuned on, and the held-out corpus (calendar-desk,
   * stories) written before tuning and measured, not examined. Quality floors only, no timing.
   */
  describe("built-in insights engine: paraphrases of one problem meet", () => {
    const tuning = evaluateCorpus(shopDeskCorpus());
    const heldOut = evaluateCorpus(calendarDeskCorpus());

    it("prints both corpora's figures (the held-out corpus last)", () => {
      console.log(formatFigures(tuning));
      console.log(`[held out] ${formatFigures(heldOut)}`);
      expect(heldOut.conversations).toBe(340);
    });

    it("meets every target on the tuning corpus (≤ 2 clusters per problem)", () => {
      expect(tuning.problems).toBe(10);
      expect(tuning.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * tuning.problems);
      expect(tuning.purity).toBeGreaterThanOrEqual(TARGETS.purity);
      expect(tuning.ari).toBeGreaterThanOrEqual(TARGETS.ari);
      expect(tuning.noiseInProblemClusters).toBe(0);
      expect(tuning.failures).toEqual([]);
    });

    it("keeps purity and ARI above their floors on the held-out corpus, noise out", () => {
      // Before issue 33: 56 clusters, purity 0.893, ARI 0.332.
      expect(heldOut.purity).toBeGreaterThanOrEqual(TARGETS.purity);
      expect(heldOut.ari).toBeGreaterThanOrEqual(TARGETS.ari);
      expect(heldOut.noiseWithoutIssue).toBeGreaterThanOrEqual(TARGETS.quietNoise);
      expect(heldOut.noiseInProblemClusters).toBe(0);
      expect(heldOut.clusters).toBeLessThanOrEqual(3.5 * heldOut.problems);
    });

    // Known gap (docs/insights.md): 24 clusters for 10 problems on the held-out corpus. This
    // expectation fails today; when the engine reaches the target, vitest reports this test as
    // failing, and `it.fails` becomes `it`.
    it.fails("holds ≤ 2 clusters per problem on the held-out corpus (not reached yet)", () => {
      expect(heldOut.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * heldOut.problems);
    });
  });
});

describe("quality", () => {
  beforeAll(emptyStorage);
  describe("built-in insights engine: quality on the labelled fixture", () => {
    it("clusters the fixture's problems (purity ≥ 0.9, ARI ≥ 0.7) and ignores ≥ 90 % of noise", () => {
      const problems = new Set(conversations.map((c) => c.label).filter((l) => l !== null));
      expect(conversations.length).toBeGreaterThanOrEqual(300);
      expect(problems.size).toBeGreaterThanOrEqual(10);
      const assigned = clusterInMemory(conversations);
      const pairs: { label: string; cluster: string }[] = [];
      let noise = 0;
      let quiet = 0;
      let missed = 0;
      for (const c of conversations) {
        const cluster = assigned.get(c.id) ?? null;
        if (c.label === null) {
          noise += 1;
          if (cluster === null) quiet += 1;
          continue;
        }
        // A problem with no extracted issue counts as a cluster of its own (it is penalised).
        if (cluster === null) missed += 1;
        pairs.push({ label: c.label, cluster: cluster ?? `none:${c.id}` });
      }
      const scores = clusteringScores(pairs);
      const figures = {
        conversations: conversations.length,
        problems: problems.size,
        clusters: scores.clusters,
        purity: Number(scores.purity.toFixed(3)),
        ari: Number(scores.ari.toFixed(3)),
        noiseWithoutIssue: Number((quiet / noise).toFixed(3)),
        problemsWithoutIssue: missed,
      };
      console.log("insights quality (built-in engine):", JSON.stringify(figures));
      expect(scores.purity).toBeGreaterThanOrEqual(0.9);
      expect(scores.ari).toBeGreaterThanOrEqual(0.7);
      expect(quiet / noise).toBeGreaterThanOrEqual(0.9);
    });

    it("is deterministic: the same input gives the same clusters", () => {
      const a = clusterInMemory(conversations.slice(0, 120));
      const b = clusterInMemory(conversations.slice(0, 120));
      expect([...a.entries()]).toEqual([...b.entries()]);
    });

    it("gives the same grouping end to end, through the route and the queue", async () => {
      const { org, owner } = await makeOrg();
      const sample = conversations.filter((c) =>
        ["pdf-export", "sso-login", "custom-domain", null].includes(c.label),
      );
      const picked = [
        ...sample.filter((c) => c.label === "pdf-export").slice(0, 5),
        ...sample.filter((c) => c.label === "sso-login").slice(0, 5),
        ...sample.filter((c) => c.label === "custom-domain").slice(0, 5),
        ...sample.filter((c) => c.label === null).slice(0, 5),
      ];
      for (const c of picked) {
        const res = await as(owner.token).post(`/orgs/${org.id}/conversations`, {
          id: c.id,
          ...(c.subject ? { subject: c.subject } : {}),
          metadata: { createdAt: new Date().toISOString() },
          parts: c.parts.map((p) => ({ type: "message" as const, role: p.role, body: p.body })),
        });
        expect(res.status).toBe(204);
      }
      await eventually(
        async () => {
          const list = await as(owner.token).get(`/orgs/${org.id}/conversations`, {
            query: { limit: 100 },
          });
          expect(list.body.count).toBe(picked.length);
          const pending = list.body.items.filter((c: { processedAt?: string }) => !c.processedAt);
          expect(pending).toHaveLength(0);
        },
        { timeout: 60_000, interval: 500 },
      );
      const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { limit: 100 },
      });
      const labelOf = new Map(picked.map((c) => [c.id, c.label]));
      const labelsByCluster = new Map<string, Set<string | null>>();
      for (const item of issues.body.items) {
        const label = labelOf.get(item.conversation.id) ?? null;
        expect(label, "noise yields no issue").not.toBeNull();
        const set = labelsByCluster.get(item.issue.cluster) ?? new Set<string | null>();
        set.add(label);
        labelsByCluster.set(item.issue.cluster, set);
      }
      // A young corpus may split a problem, but no cluster mixes two problems.
      for (const set of labelsByCluster.values()) expect(set.size).toBe(1);
      const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      expect(clusters.body.count).toBeLessThanOrEqual(9);
      const icons = clusters.body.items.map((c: { icon: string }) => c.icon);
      expect(icons).toContain("file-export");
      expect(icons).toContain("lock");
    }, 90_000);
  });
});

describe("workers-ai", () => {
  describe("Workers AI insights engine", () => {
    it("extracts issues with the instruction model and embeds them", async () => {
      const { ai, calls } = fakeAi({
        instruct: {
          response:
            'Here you go: {"issues":[{"title":"PDF export produces an empty file","summary":"The user exports a page to PDF and gets a blank file."}]}',
        },
      });
      const issues = await insightsEngine({ AI: ai as unknown as Ai }).extract(null, parts);
      expect(calls).toEqual([INSTRUCT_MODEL, EMBEDDING_MODEL]);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({
        title: "PDF export produces an empty file",
        embedding: [0.1, 0.2, 0.3],
      });
      expect(issues[0]!.tokens.map((t) => t.term)).toContain("pdf");
    });

    it("falls back to the built-in engine when the model fails or answers garbage", async () => {
      for (const answers of [
        { instruct: null, fail: true },
        { instruct: { response: "no json here" } },
        { instruct: { response: '{"issues":[{"title":"x","summary":"y"}]}' }, embed: { data: [] } },
      ]) {
        const { ai } = fakeAi(answers);
        const issues = await insightsEngine({ AI: ai as unknown as Ai }).extract(null, parts);
        expect(issues).toHaveLength(1);
        expect(issues[0]!.embedding).toBeNull();
        expect(issues[0]!.title).toContain("PDF");
      }
    });

    it("never asks the model about small talk, and uses the built-in engine without AI", async () => {
      const { ai, calls } = fakeAi({ instruct: { response: '{"issues":[]}' } });
      const hello = [{ type: "message" as const, role: "user" as const, body: "Hi, thanks!" }];
      expect(await insightsEngine({ AI: ai as unknown as Ai }).extract(null, hello)).toEqual([]);
      expect(calls).toEqual([]);
      const builtIn = await insightsEngine({}).extract(null, parts);
      expect(builtIn[0]!.embedding).toBeNull();
    });
  });
});

describe("cost", () => {
  beforeAll(emptyStorage);
  describe("conversation processing cost", () => {
    it("stays flat per conversation as the corpus grows, and lists stay within the rows budget", async () => {
      const { org, owner } = await makeOrg();
      // One pass over the fixture (324 conversations): bench:conversations measures 10,000.
      const rounds = 1;
      const jobs: D1Stats[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const c of conversations) jobs.push(await processCounted(org.id, c, round));
      }
      const third = Math.floor(jobs.length / 3);
      const first = jobs.slice(0, third).filter((s) => s.rowsWritten > 3);
      const last = jobs.slice(-third).filter((s) => s.rowsWritten > 3);
      const figures = {
        conversations: jobs.length,
        first: {
          roundTrips: summary(first, (s) => s.roundTrips),
          rowsRead: summary(first, (s) => s.rowsRead),
          rowsWritten: summary(first, (s) => s.rowsWritten),
        },
        last: {
          roundTrips: summary(last, (s) => s.roundTrips),
          rowsRead: summary(last, (s) => s.rowsRead),
          rowsWritten: summary(last, (s) => s.rowsWritten),
        },
      };
      console.log("insights cost per conversation with an issue:", JSON.stringify(figures));
      for (const s of jobs) {
        expect(s.unmetered).toBe(0);
        expect(s.roundTrips).toBeLessThanOrEqual(5);
      }
      // Flat: the last third costs no more than the first (some slack for the clusters' growth).
      expect(figures.last.rowsRead.mean).toBeLessThanOrEqual(
        figures.first.rowsRead.mean * 1.5 + 20,
      );
      expect(figures.last.rowsWritten.mean).toBeLessThanOrEqual(
        figures.first.rowsWritten.mean * 1.5 + 20,
      );

      // The learned associations stay bounded per term, and the job clusters as the core does in
      // memory (the same clusters, context merges included).
      const terms = await env.DB.prepare(
        "SELECT associates FROM conversation_terms WHERE organization_id = ? AND associates IS NOT NULL",
      )
        .bind(org.id)
        .all<{ associates: string }>();
      const sizes = terms.results.map((r) => Object.keys(JSON.parse(r.associates)).length);
      expect(sizes.length).toBeGreaterThan(50);
      expect(Math.max(...sizes)).toBe(MAX_ASSOCIATES);
      const corpus = await env.DB.prepare(
        "SELECT clusters_count AS n FROM conversation_corpus WHERE organization_id = ?",
      )
        .bind(org.id)
        .first<{ n: number }>();
      const inMemory = new Set([...clusterInMemory(conversations).values()].filter((c) => c));
      expect(corpus?.n).toBe(inMemory.size);

      const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`, {
        query: { limit: 5 },
      });
      const cluster = clusters.body.items[0].id as string;
      const lists: [string, Record<string, string | number>][] = [
        ["conversations", {}],
        ["conversations", { source: "api:1" }],
        ["conversations-clusters", {}],
        ["conversations-clusters", { order: "asc" }],
        ["conversations-issues", {}],
        ["conversations-issues", { cluster }],
      ];
      for (const [path, query] of lists) {
        for (const limit of [1, 20, 100]) {
          const res: ApiResponse = await as(owner.token).get(`/orgs/${org.id}/${path}`, {
            query: { ...query, limit },
          });
          expect(res.status).toBe(200);
          expect(res.body.items.length).toBeLessThanOrEqual(limit);
          const read = d1Cost(res).rowsRead;
          expect(read, `${path} ${JSON.stringify(query)} limit ${limit}`).toBeLessThanOrEqual(
            2 * limit + 10,
          );
        }
      }
    }, 300_000);
  });
});
