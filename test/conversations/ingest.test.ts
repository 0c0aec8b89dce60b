import { describe, expect, it, beforeAll } from "vitest";
import { and, eq } from "drizzle-orm";
import { conversationCorpus, conversationIssues, conversationTerms } from "../../src/db/schema";
import { as } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeOrg, makeToken, testDb, unique } from "../helpers/factories";
import { conversationBody, ingestAndWait, runProcessing } from "../helpers/conversations-factories";
import { eventually } from "../helpers/jobs";
import { evaluateCorpus, formatFigures, TARGETS } from "../insights/evaluate";
import { parkingDeskCorpus } from "../insights/heldout-chat/parking-desk";
import { courseDeskCorpus } from "../insights/heldout-tickets/course-desk";
import { foodDeskCorpus } from "../insights/training-tickets/food-desk";
import { emptyStorage } from "../helpers/storage";

/** The PDF problem and the password problem, each in one phrasing. */
const PDF = "The PDF export fails with a blank page.";

const PASSWORD = "I can't reset my password, the reset email never arrives.";

type Cluster = {
  id: string;
  label: string;
  weeklyPulse: number[];
  sources: Record<string, number>;
  stats: { issues: number };
};

/** Ingests conversations through the route; returns their ids in order. */
async function ingest(token: string, orgId: string, texts: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const text of texts) {
    const id = unique("conc-");
    const res = await as(token).post(`/orgs/${orgId}/conversations`, {
      id,
      parts: [{ type: "message", role: "user", body: text }],
    });
    expect(res.status).toBe(204);
    ids.push(id);
  }
  return ids;
}

/** Waits until every conversation of the organization is processed. */
async function allProcessed(token: string, orgId: string, n: number) {
  await eventually(
    async () => {
      const list = await as(token).get(`/orgs/${orgId}/conversations`, { query: { limit: 100 } });
      expect(list.body.count).toBe(n);
      const pending = list.body.items.filter((c: { processedAt?: string }) => !c.processedAt);
      expect(pending).toHaveLength(0);
    },
    { timeout: 60_000, interval: 200 },
  );
}

/** The organization's corpus counters and the document frequency of `term`. */
async function counters(orgId: string, term: string) {
  const db = testDb();
  const [corpus] = await db
    .select()
    .from(conversationCorpus)
    .where(eq(conversationCorpus.organizationId, orgId));
  const [df] = await db
    .select()
    .from(conversationTerms)
    .where(and(eq(conversationTerms.organizationId, orgId), eq(conversationTerms.term, term)));
  return { corpus: corpus!, df: df?.documents ?? 0 };
}

describe("ingest", () => {
  authorizationMatrix("POST /v1/orgs/{organizationId}/conversations", {
    request: (w) => ({
      method: "POST",
      path: `/orgs/${w.org.id}/conversations`,
      body: conversationBody("The PDF export fails with a blank page."),
    }),
    missing: () => ({
      method: "POST",
      path: `/orgs/doesnotexist/conversations`,
      body: conversationBody("The PDF export fails with a blank page."),
    }),
    minimumRole: "admin",
    scope: "organization:write",
    success: 204,
  });
  describe("POST /v1/orgs/{organizationId}/conversations", () => {
    it("stores the conversation, processes it in the background and extracts its issue", async () => {
      const { org, owner } = await makeOrg();
      const body = conversationBody("I can't reset my password, the reset email never arrives.", {
        subject: "Password reset",
        metadata: {
          url: "https://support.example.com/t/1",
          attributes: { plan: "pro" },
          createdAt: "2026-11-20T10:00:00Z",
        },
      });
      const detail = await ingestAndWait(owner.token, org.id, body);
      // The spec's conversation detail: {conversation, parts, metadata}.
      expect(Object.keys(detail).sort()).toEqual(["conversation", "metadata", "parts"]);
      expect(detail).toMatchObject({
        conversation: {
          object: "conversation",
          id: body.id,
          subject: "Password reset",
          createdAt: "2026-11-20T10:00:00.000Z",
          issues: 1,
          urls: { source: "https://support.example.com/t/1" },
        },
        parts: body.parts,
        metadata: {
          url: "https://support.example.com/t/1",
          attributes: { plan: "pro" },
          createdAt: "2026-11-20T10:00:00.000Z",
        },
      });
      expect(detail.conversation.source).toMatch(/^api:/);
      expect(detail.conversation.processedAt).toEqual(expect.any(String));
      expect(detail.conversation.urls.location).toMatch(
        new RegExp(`/v1/orgs/${org.id}/conversations/${body.id}$`),
      );
      const location = new URL(detail.conversation.urls.location).pathname.replace(/^\/v1/, "");
      const again = await as(owner.token).get(location);
      expect(again.body).toEqual(detail);
      const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { conversation: body.id },
      });
      expect(issues.body.count).toBe(1);
      expect(issues.body.items[0].issue.title).toBe(
        "I can't reset my password, the reset email never arrives.",
      );
      expect(issues.body.items[0].issue.summary).toContain("reset email never arrives");
    });

    it("is idempotent by id: the same id again updates, never duplicates", async () => {
      const { org, owner } = await makeOrg();
      const first = conversationBody("The PDF export fails, the PDF is blank.");
      await ingestAndWait(owner.token, org.id, first);
      const again = {
        ...first,
        parts: [
          { type: "message" as const, role: "user" as const, body: "Hello, just saying hi!" },
        ],
      };
      const res = await as(owner.token).post(`/orgs/${org.id}/conversations`, again);
      expect(res.status).toBe(204);
      const { eventually } = await import("../helpers/jobs");
      await eventually(async () => {
        const got = await as(owner.token).get(`/orgs/${org.id}/conversations/${first.id}`);
        expect(got.body.conversation.processedAt).toBeDefined();
        expect(got.body.parts[0].body).toBe("Hello, just saying hi!");
        expect(got.body.conversation.issues).toBe(0);
      });
      const list = await as(owner.token).get(`/orgs/${org.id}/conversations`);
      expect(list.body.count).toBe(1);
      expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([first.id]);
      const issues = await testDb()
        .select()
        .from(conversationIssues)
        .where(
          and(
            eq(conversationIssues.organizationId, org.id),
            eq(conversationIssues.conversationId, first.id),
          ),
        );
      expect(issues).toHaveLength(0);
      const [corpus] = await testDb()
        .select()
        .from(conversationCorpus)
        .where(eq(conversationCorpus.organizationId, org.id));
      expect(corpus).toMatchObject({ conversationsCount: 1, issuesCount: 0, clustersCount: 0 });
      const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      expect(clusters.body).toEqual({ count: 0, items: [] });
    });

    it("records the sending token as the source", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeToken(owner.user.id);
      await ingestAndWait(owner.token, org.id, conversationBody("Search returns no results."));
      await ingestAndWait(other, org.id, conversationBody("Search finds nothing at all, broken."));
      const all = await as(owner.token).get(`/orgs/${org.id}/conversations`);
      const sources = new Set(all.body.items.map((c: { source: string }) => c.source));
      expect(sources.size).toBe(2);
      const [source] = [...sources] as string[];
      const one = await as(owner.token).get(`/orgs/${org.id}/conversations`, {
        query: { source },
      });
      expect(one.body.count).toBe(1);
      expect(one.body.items[0].source).toBe(source);
    });

    it("refuses invalid parts with a 400 naming the field", async () => {
      const { org, owner } = await makeOrg();
      const post = (body: unknown) => as(owner.token).post(`/orgs/${org.id}/conversations`, body);
      const bad: [unknown, string][] = [
        [{ id: "a", parts: [] }, "body.parts"],
        [{ id: "a", parts: [{ type: "image", role: "user", body: "x" }] }, "body.parts[0].type"],
        [{ id: "a", parts: [{ type: "message", role: "bot", body: "x" }] }, "body.parts[0].role"],
        [{ id: "a b", parts: [{ type: "message", role: "user", body: "x" }] }, "body.id"],
        [{ parts: [{ type: "message", role: "user", body: "x" }] }, "body.id"],
        [{ id: "a", parts: [{ type: "message", role: "user", body: "x" }], extra: 1 }, "body"],
        [
          {
            id: "a",
            metadata: { url: "not a url" },
            parts: [{ type: "message", role: "user", body: "x" }],
          },
          "body.metadata.url",
        ],
        [
          {
            id: "a",
            metadata: { createdAt: "yesterday" },
            parts: [{ type: "message", role: "user", body: "x" }],
          },
          "body.metadata.createdAt",
        ],
      ];
      for (const [body, field] of bad) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message).toContain(field);
      }
    });

    it("answers 413 for a conversation over the size limits", async () => {
      const { org, owner } = await makeOrg();
      const parts = Array.from({ length: 11 }, () => ({
        type: "message" as const,
        role: "user" as const,
        body: "x".repeat(19_000),
      }));
      const big = await as(owner.token).post(`/orgs/${org.id}/conversations`, { id: "big", parts });
      expect(big.status).toBe(413);
      expect(big.body.error.message).toContain("body.parts");
      const huge = await as(owner.token).post(`/orgs/${org.id}/conversations`, {
        id: "huge",
        parts: [{ type: "message", role: "user", body: "y".repeat(1_100_000) }],
      });
      expect(huge.status).toBe(413);
    });
  });
});

describe("concurrency", () => {
  beforeAll(emptyStorage);
  describe("conversation processing under concurrent jobs", () => {
    it("counts every conversation of one problem processed at once (and delivered twice)", async () => {
      const { org, owner } = await makeOrg();
      const n = 12;
      const ids = await ingest(
        owner.token,
        org.id,
        Array.from({ length: n }, () => PDF),
      );
      // The queue delivers them too: every conversation is processed by up to three jobs at once.
      await Promise.all(
        ids.flatMap((id) => [runProcessing(org.id, id), runProcessing(org.id, id)]),
      );
      await allProcessed(owner.token, org.id, n);

      const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      expect(clusters.body.count).toBe(1);
      const [cluster] = clusters.body.items as Cluster[];
      expect(cluster!.stats.issues).toBe(n);
      expect(cluster!.weeklyPulse.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Object.values(cluster!.sources).reduce((a, n) => a + n, 0)).toBe(n);
      const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { cluster: cluster!.id, limit: 100 },
      });
      expect(issues.body.count).toBe(n);
      const owners = issues.body.items.map(
        (i: { conversation: { id: string } }) => i.conversation.id,
      );
      expect(new Set(owners).size).toBe(n);
      for (const id of ids) {
        const one = await as(owner.token).get(`/orgs/${org.id}/conversations/${id}`);
        expect(one.body.conversation.issues).toBe(1);
      }
      const { corpus, df } = await counters(org.id, "pdf");
      expect(corpus).toMatchObject({ conversationsCount: n, issuesCount: n, clustersCount: 1 });
      expect(df).toBe(n);
    }, 90_000);

    it("keeps two problems processed at once apart, each cluster exact", async () => {
      const { org, owner } = await makeOrg();
      const n = 8;
      const texts = Array.from({ length: 2 * n }, (_, i) => (i % 2 === 0 ? PDF : PASSWORD));
      const ids = await ingest(owner.token, org.id, texts);
      await Promise.all(ids.map((id) => runProcessing(org.id, id)));
      await allProcessed(owner.token, org.id, 2 * n);
      const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      expect(clusters.body.count).toBe(2);
      for (const c of clusters.body.items as Cluster[]) {
        expect(c.stats.issues).toBe(n);
        expect(c.weeklyPulse.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Object.values(c.sources)).toEqual([n]);
        expect(Object.keys(c.sources)[0]).toMatch(/^api:/);
      }
      const { corpus } = await counters(org.id, "passwo");
      expect(corpus).toMatchObject({ issuesCount: 2 * n, clustersCount: 2 });
    }, 90_000);

    it("re-ingesting conversations at once moves their issues without losing counts", async () => {
      const { org, owner } = await makeOrg();
      const n = 6;
      const ids = await ingest(
        owner.token,
        org.id,
        Array.from({ length: n }, () => PDF),
      );
      await allProcessed(owner.token, org.id, n);
      for (const id of ids) {
        const res = await as(owner.token).post(`/orgs/${org.id}/conversations`, {
          id,
          parts: [{ type: "message", role: "user", body: PASSWORD }],
        });
        expect(res.status).toBe(204);
      }
      await Promise.all(ids.map((id) => runProcessing(org.id, id, 2)));
      await allProcessed(owner.token, org.id, n);
      const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      expect(clusters.body.count).toBe(1);
      const [cluster] = clusters.body.items as Cluster[];
      expect(cluster!.stats.issues).toBe(n);
      const { corpus, df } = await counters(org.id, "pdf");
      expect(corpus).toMatchObject({ conversationsCount: n, issuesCount: n, clustersCount: 1 });
      expect(df).toBe(0);
    }, 90_000);
  });
});

describe("tickets", () => {
  /**
   * Issue 33, generator family D (tickets: short notes to long stories, four languages, four typo
   * kinds, noise): the tuning corpus food-desk and the held-out corpus course-desk, written before
   * tuning with its own seed and wording and never examined item by item. Counts only, no timing.
   * Measured before the ticket step: food-desk 40 clusters / purity 0.850 / ARI 0.388, course-desk
   * 40 / 0.912 / 0.572; after it 31 / 0.857 / 0.571 and 38 / 0.916 / 0.577; with the learned term
   * associations 27 / 0.863 / 0.600 and 36 / 0.931 / 0.640.
   */
  describe("built-in insights engine: ticket paraphrases (family D)", () => {
    const tuning = evaluateCorpus(foodDeskCorpus());
    const heldOut = evaluateCorpus(courseDeskCorpus());

    it("prints both corpora's figures (the held-out corpus last)", () => {
      console.log(formatFigures(tuning));
      console.log(`[held out] ${formatFigures(heldOut)}`);
      expect(heldOut.conversations).toBe(365);
      expect(heldOut.problems).toBe(10);
    });

    it("holds the held-out figures reached: purity, noise out, no more clusters than measured", () => {
      expect(heldOut.purity).toBeGreaterThanOrEqual(TARGETS.purity);
      expect(heldOut.noiseWithoutIssue).toBeGreaterThanOrEqual(TARGETS.quietNoise);
      expect(heldOut.noiseInProblemClusters).toBe(0);
      expect(heldOut.clusters).toBeLessThanOrEqual(36);
      expect(heldOut.ari).toBeGreaterThanOrEqual(0.63);
    });

    it("holds the tuning figures reached (no more clusters, purity and ARI not lower)", () => {
      expect(tuning.clusters).toBeLessThanOrEqual(27);
      expect(tuning.purity).toBeGreaterThanOrEqual(0.86);
      expect(tuning.ari).toBeGreaterThanOrEqual(0.59);
      expect(tuning.noiseInProblemClusters).toBe(0);
    });

    // Known gap (docs/insights.md): 36 clusters for 10 problems on course-desk. When the engine
    // reaches ≤ 2 per problem, vitest reports this test as failing and `it.fails` becomes `it`.
    it.fails("holds ≤ 2 clusters per problem on the held-out corpus (not reached yet)", () => {
      expect(heldOut.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * heldOut.problems);
    });
  });
  /**
   * Issue 33, generator family E (live chats, five languages with Italian, which no word list of
   * the engine knows; six ways to tell a symptom, emoji, shouting): parking-desk, written and
   * committed before any of its figures was read, measured twice (the engine before and after the
   * term associations: 47 / 0.783 / 0.353 and 47 / 0.767 / 0.352). Floors of what holds.
   */
  describe("built-in insights engine: live-chat paraphrases (family E, held out)", () => {
    const heldOut = evaluateCorpus(parkingDeskCorpus());

    it("prints its figures and holds its floors", () => {
      console.log(`[held out] ${formatFigures(heldOut)}`);
      expect(heldOut.conversations).toBe(340);
      expect(heldOut.clusters).toBeLessThanOrEqual(47);
      expect(heldOut.purity).toBeGreaterThanOrEqual(0.76);
      expect(heldOut.ari).toBeGreaterThanOrEqual(0.35);
      expect(heldOut.problemsWithoutIssue).toBeLessThanOrEqual(1);
    });

    // Known gap (docs/insights.md): 4.7 clusters per problem, purity below 0.9.
    it.fails("holds ≤ 2 clusters per problem with purity ≥ 0.9 (not reached yet)", () => {
      expect(heldOut.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * heldOut.problems);
      expect(heldOut.purity).toBeGreaterThanOrEqual(TARGETS.purity);
    });
  });
});
