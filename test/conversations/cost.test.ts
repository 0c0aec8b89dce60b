import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import fixture from "../fixtures/conversations/conversations.json";
import { createDb } from "../../src/db/client";
import { countingD1, emptyStats, type D1Stats } from "../../src/db/counting";
import { storeConversation } from "../../src/services/conversations/ingest";
import { processConversationJob } from "../../src/services/conversations/jobs";
import { createOutbound } from "../../src/outbound";
import { MAX_ASSOCIATES } from "../../src/insights/associations";
import { clusterInMemory, type FixtureConversation } from "../helpers/insights-memory";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, testDb } from "../helpers/factories";
import { fixtureAfterMain } from "../helpers/after-main";

const conversations = fixture as FixtureConversation[];

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
    expect(figures.last.rowsRead.mean).toBeLessThanOrEqual(figures.first.rowsRead.mean * 1.5 + 20);
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
