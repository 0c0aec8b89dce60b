import { describe, expect, it } from "vitest";
import fixture from "../fixtures/conversations/conversations.json";
import {
  clusteringScores,
  clusterInMemory,
  type FixtureConversation,
} from "../helpers/insights-memory";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { eventually } from "../helpers/jobs";

const conversations = fixture as FixtureConversation[];

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
