import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { authorizationMatrix, type World } from "../helpers/authz";
import { makeOrg, makeMember } from "../helpers/factories";
import {
  conversationBody,
  makeConversation,
  PASSWORD_TEXTS,
  PDF_TEXTS,
} from "../helpers/conversations-factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { createCr, makeCrWorld } from "../helpers/change-requests-factories";
import { emptyStorage } from "../helpers/storage";

/** An organization with two password and two PDF conversations, processed. */
async function seeded(world: World) {
  const ids = [];
  for (const text of [...PASSWORD_TEXTS.slice(0, 2), ...PDF_TEXTS.slice(0, 2)]) {
    ids.push(await makeConversation(world.org.id, conversationBody(text)));
  }
  return { ids };
}

/** A space readable by every member, a change request in it and a processed conversation. */
async function crWithConversation(world: World) {
  const space = await makeSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  const cr = await createCr(world.owner, space.id);
  const conversationId = await makeConversation(world.org.id, conversationBody(PDF_TEXTS[0]!));
  return { space, cr, conversationId };
}

const base = (s: Awaited<ReturnType<typeof crWithConversation>>, spaceId = s.space.id) =>
  `/spaces/${spaceId}/change-requests/${s.cr.id}/conversations`;

describe("reads", () => {
  for (const path of ["conversations", "conversations-clusters", "conversations-issues"]) {
    authorizationMatrix(`GET /v1/orgs/{organizationId}/${path}`, {
      setup: seeded,
      request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/${path}` }),
      missing: () => ({ method: "GET", path: `/orgs/doesnotexist/${path}` }),
      minimumRole: "read",
      scope: "organization:read",
      success: 200,
    });
  }
  authorizationMatrix("GET /v1/orgs/{organizationId}/conversations/{conversationId}", {
    setup: seeded,
    request: (w, s) => ({ method: "GET", path: `/orgs/${w.org.id}/conversations/${s.ids[0]}` }),
    missing: (_w, s) => ({ method: "GET", path: `/orgs/doesnotexist/conversations/${s.ids[0]}` }),
    minimumRole: "read",
    scope: "organization:read",
    success: 200,
  });
  describe("conversation insights reads", () => {
    it("groups issues into clusters with label, icon, weekly pulse, sources and stats", async () => {
      const { org, owner } = await makeOrg();
      const now = new Date();
      const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
      for (const [i, text] of PASSWORD_TEXTS.entries()) {
        const createdAt = i === 0 ? weekAgo : now.toISOString();
        await makeConversation(
          org.id,
          conversationBody(text, { metadata: { createdAt } }),
          "api:a",
        );
      }
      for (const text of PDF_TEXTS) await makeConversation(org.id, conversationBody(text), "api:b");
      await makeConversation(org.id, conversationBody("Hello! Have a nice day."));
      const res = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      expect(res.status).toBe(200);
      // A young corpus may split a problem in two, but never mixes the two problems.
      expect(res.body.count).toBeGreaterThanOrEqual(2);
      expect(res.body.count).toBeLessThanOrEqual(5);
      type C = { id: string; icon: string; label: string; sources: Record<string, number> };
      type Full = C & {
        stats: { issues: number };
        weeklyPulse: number[];
        urls: { location: string };
      };
      const items = res.body.items as Full[];
      for (const c of items) {
        // The spec's issues cluster: its object name, `sources` a map source -> issues, urls.
        expect(c).toMatchObject({ object: "issues-cluster", summary: expect.any(String) });
        expect(Object.values(c.sources)).toEqual([c.stats.issues]);
        expect(c.weeklyPulse).toHaveLength(13);
        expect(c.weeklyPulse.reduce((a, b) => a + b, 0)).toBe(c.stats.issues);
        const location = new URL(c.urls.location);
        expect(location.pathname).toBe(`/v1/orgs/${org.id}/conversations-issues`);
        expect(location.searchParams.get("cluster")).toBe(c.id);
      }
      const of = (source: string) => items.filter((c) => Object.keys(c.sources)[0] === source);
      const total = (cs: Full[]) => cs.reduce((n, c) => n + c.stats.issues, 0);
      expect(total(of("api:a"))).toBe(4);
      expect(total(of("api:b"))).toBe(4);
      expect(of("api:a").reduce((n, c) => n + c.weeklyPulse[11]!, 0)).toBe(1);
      expect(of("api:a").some((c) => c.icon === "lock")).toBe(true);
      const pdf = of("api:b").sort((a, b) => b.stats.issues - a.stats.issues)[0]!;
      const password = of("api:a")[0]!;
      expect(pdf.label.toLowerCase()).toContain("pdf");
      const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { cluster: pdf.id },
      });
      expect(issues.body.count).toBe(pdf.stats.issues);
      for (const item of issues.body.items) {
        // The spec's issue: its conversation and cluster ids, when it took place and was ingested.
        expect(item.issue).toMatchObject({
          object: "conversation-issue",
          cluster: pdf.id,
          conversation: item.conversation.id,
          createdAt: item.conversation.createdAt,
          ingestedAt: expect.any(String),
        });
        expect(item.issue.urls.location).toMatch(
          new RegExp(`/v1/orgs/${org.id}/conversations-issues/${item.issue.id}$`),
        );
        expect(item.conversation.object).toBe("conversation");
        expect(item.conversation.urls.location).toMatch(
          new RegExp(`/v1/orgs/${org.id}/conversations/${item.conversation.id}$`),
        );
      }
      const one = await as(owner.token).get(
        `/orgs/${org.id}/conversations-issues/${issues.body.items[0].issue.id}`,
      );
      expect(one.status).toBe(200);
      expect(one.body).toEqual(issues.body.items[0]);
      const conv = issues.body.items[0].conversation.id;
      const both = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { cluster: pdf.id, conversation: conv },
      });
      expect(both.body.count).toBe(1);
      const other = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { cluster: password.id, conversation: conv },
      });
      expect(other.body).toEqual({ count: 0, items: [] });
    });

    it("orders clusters by updatedAt in either order and pages them within the rows budget", async () => {
      const { org, owner } = await makeOrg();
      const topics = [
        "The PDF export fails with a blank page.",
        "SSO login with Okta fails with a SAML error.",
        "Webhook deliveries fail with a timeout to our endpoint.",
        "Custom domain SSL certificate is pending, DNS CNAME error.",
        "Image upload fails for PNG files, stuck uploading.",
      ];
      for (const t of topics) await makeConversation(org.id, conversationBody(t));
      const desc = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
      const asc = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`, {
        query: { order: "asc", orderBy: "updatedAt" },
      });
      expect(desc.body.count).toBe(5);
      const ids = desc.body.items.map((c: { id: string }) => c.id);
      expect(asc.body.items.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res: ApiResponse = await as(owner.token).get(
          `/orgs/${org.id}/conversations-clusters`,
          {
            query: { limit: 2, page },
          },
        );
        expect(res.body.count).toBe(5);
        expect(d1Cost(res).rowsRead).toBeLessThanOrEqual(2 * 2 + 10);
        seen.push(...res.body.items.map((c: { id: string }) => c.id));
        page = res.body.next?.page;
      } while (page);
      expect(seen).toEqual(ids);
      const bad = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`, {
        query: { orderBy: "createdAt" },
      });
      expect(bad.status).toBe(400);
    });

    it("pages conversations and issues within the rows budget", async () => {
      const { org, owner } = await makeOrg();
      for (let i = 0; i < 7; i++) {
        await makeConversation(org.id, conversationBody(`${PDF_TEXTS[i % 4]} (case ${i})`));
      }
      for (const path of ["conversations", "conversations-issues"]) {
        const seen = new Set<string>();
        let page: string | undefined;
        do {
          const res: ApiResponse = await as(owner.token).get(`/orgs/${org.id}/${path}`, {
            query: { limit: 3, page },
          });
          expect(res.status).toBe(200);
          expect(res.body.count).toBe(7);
          expect(d1Cost(res).rowsRead, path).toBeLessThanOrEqual(2 * 3 + 10);
          for (const item of res.body.items) seen.add(item.id ?? item.issue.id);
          page = res.body.next?.page;
        } while (page);
        expect(seen.size).toBe(7);
      }
      const foreign = await as(owner.token).get(`/orgs/${org.id}/conversations`, {
        query: { page: "abc.def" },
      });
      expect(foreign.status).toBe(400);
    });

    it("answers 404 for unknown conversations and issues", async () => {
      const { org, owner } = await makeOrg();
      const a = await as(owner.token).get(`/orgs/${org.id}/conversations/nope`);
      const b = await as(owner.token).get(`/orgs/${org.id}/conversations-issues/nope`);
      expect([a.status, b.status]).toEqual([404, 404]);
      const other = await makeOrg();
      const id = await makeConversation(other.org.id, conversationBody(PDF_TEXTS[0]!));
      const c = await as(owner.token).get(`/orgs/${org.id}/conversations/${id}`);
      expect(c.status).toBe(404);
    });
  });
});

describe("change-requests", () => {
  beforeAll(emptyStorage);
  authorizationMatrix("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations", {
    setup: crWithConversation,
    request: (_w, s) => ({ method: "GET", path: base(s) }),
    missing: (_w, s) => ({ method: "GET", path: base(s, "neverexisted") }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });
  authorizationMatrix(
    "PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
    {
      setup: crWithConversation,
      request: (_w, s) => ({
        method: "PATCH",
        path: `${base(s)}/${s.conversationId}`,
        body: { title: "PDF export" },
      }),
      missing: (_w, s) => ({
        method: "PATCH",
        path: `${base(s, "neverexisted")}/${s.conversationId}`,
        body: { title: "PDF export" },
      }),
      minimumRole: "edit",
      hiddenBelow: false,
      scope: "space:write",
      success: 200,
      repeatable: true,
    },
  );
  authorizationMatrix(
    "DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
    {
      setup: crWithConversation,
      request: (_w, s) => ({ method: "DELETE", path: `${base(s)}/${s.conversationId}` }),
      missing: (_w, s) => ({
        method: "DELETE",
        path: `${base(s, "neverexisted")}/${s.conversationId}`,
      }),
      minimumRole: "edit",
      scope: "space:write",
      success: 204,
    },
  );
  describe("change request conversations", () => {
    it("ties a conversation, sets the change request's cluster, lists and unties it", async () => {
      const { org, owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const id = await makeConversation(org.id, conversationBody(PDF_TEXTS[0]!));
      const path = `/spaces/${space.id}/change-requests/${cr.id}/conversations`;
      const tied = await as(owner.token).patch(`${path}/${id}`, { title: "Blank PDF exports" });
      expect(tied.status).toBe(200);
      expect(tied.body).toMatchObject({
        object: "agent-conversation",
        id,
        title: "Blank PDF exports",
        shared: true,
      });
      const again = await as(owner.token).patch(`${path}/${id}`, { title: "Renamed" });
      expect(again.body.title).toBe("Renamed");
      const list = await as(owner.token).get(path);
      expect(list.body.count).toBe(1);
      expect(list.body.items[0]).toMatchObject({ id, title: "Renamed" });
      const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { conversation: id },
      });
      const cluster = issues.body.items[0].issue.cluster;
      const crRead = await as(owner.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
      expect(crRead.body.conversationsIssuesCluster).toBe(cluster);
      const byNumber = await as(owner.token).get(
        `/spaces/${space.id}/change-requests/${cr.number}/conversations`,
      );
      expect(byNumber.body.count).toBe(1);
      const untie = await as(owner.token).delete(`${path}/${id}`);
      expect(untie.status).toBe(204);
      const twice = await as(owner.token).delete(`${path}/${id}`);
      expect(twice.status).toBe(204);
      const empty = await as(owner.token).get(path);
      expect(empty.body).toEqual({ count: 0, items: [] });
    });

    it("answers 404 for a conversation of another organization or one a guest cannot see", async () => {
      const { org, owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const other = await makeCrWorld();
      const foreign = await makeConversation(other.org.id, conversationBody(PDF_TEXTS[1]!));
      const path = `/spaces/${space.id}/change-requests/${cr.id}/conversations`;
      const res = await as(owner.token).patch(`${path}/${foreign}`, { title: "x" });
      expect(res.status).toBe(404);
      const mine = await makeConversation(org.id, conversationBody(PDF_TEXTS[2]!));
      const guest = await makeMember(org.id, null);
      await grantSpace(space.id, { user: guest.user.id }, "edit");
      const asGuest = await as(guest.token).patch(`${path}/${mine}`, { title: "x" });
      expect(asGuest.status).toBe(404);
      const bad = await as(owner.token).patch(`${path}/${mine}`, { title: "" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain("body.title");
    });
  });
});
