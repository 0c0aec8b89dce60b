import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { conversationCorpus, conversationIssues } from "../../src/db/schema";
import { as } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeOrg, makeToken, testDb } from "../helpers/factories";
import { conversationBody, ingestAndWait } from "../helpers/conversations-factories";

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
      parts: [{ type: "message" as const, role: "user" as const, body: "Hello, just saying hi!" }],
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
