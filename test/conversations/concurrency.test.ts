import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { conversationCorpus, conversationTerms } from "../../src/db/schema";
import { as } from "../helpers/api";
import { makeOrg, testDb, unique } from "../helpers/factories";
import { eventually } from "../helpers/jobs";
import { runProcessing } from "../helpers/conversations-factories";

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
    await Promise.all(ids.flatMap((id) => [runProcessing(org.id, id), runProcessing(org.id, id)]));
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
