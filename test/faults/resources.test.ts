import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeCollection } from "../helpers/collections-factories";
import { makeOrg, type TestUser } from "../helpers/factories";
import { callWith } from "../helpers/faults";
import { makeSite } from "../helpers/sites-factories";
import { makeSpace, readSpace } from "../helpers/spaces-factories";
import { countRows } from "./invariants";
import { sweep } from "./sweep";

// Fault injection on the writes of the other resources (spaces, collections, comments, tokens,
// sites): each D1 or R2 call of a successful run fails in turn (test/faults/sweep.ts).

/** Live spaces of an organization, through the API. */
async function spaceCount(owner: TestUser, organizationId: string) {
  const res = await as(owner.token).get(`/orgs/${organizationId}/spaces`);
  expect(res.status, res.text).toBe(200);
  return res.body.count as number;
}

describe("fault injection: resources", () => {
  it("creating a space leaves one space or none", async () => {
    await sweep({
      setup: makeOrg,
      run: (e, s) =>
        callWith(e, "POST", `/orgs/${s.org.id}/spaces`, {
          token: s.owner.token,
          body: { title: "Faulty" },
        }),
      ok: 201,
      untouched: async (s) => expect(await spaceCount(s.owner, s.org.id)).toBe(0),
      check: async (s) => expect(await spaceCount(s.owner, s.org.id)).toBe(1),
    });
  });

  it("creating a space from a template leaves the filled space or none", async () => {
    await sweep({
      setup: makeOrg,
      run: (e, s) =>
        callWith(e, "POST", `/orgs/${s.org.id}/spaces`, {
          token: s.owner.token,
          body: { title: "Faulty", template: { id: "runbooks" } },
        }),
      ok: 201,
      bestEffort: /search_/,
      untouched: async (s) => expect(await spaceCount(s.owner, s.org.id)).toBe(0),
      check: async (s) => {
        expect(await spaceCount(s.owner, s.org.id)).toBe(1);
        expect(
          await countRows(
            "page_versions pv JOIN spaces s ON s.main_line_id = pv.line_id",
            "s.organization_id = ?",
            s.org.id,
          ),
        ).toBeGreaterThan(0);
      },
    });
  });

  it("duplicating a space copies it whole or not at all", async () => {
    await sweep({
      setup: async () => {
        const { org, owner } = await makeOrg();
        const res = await as(owner.token).post(`/orgs/${org.id}/spaces`, {
          title: "Source",
          template: { id: "changelog" },
        });
        expect(res.status, res.text).toBe(201);
        return { org, owner, space: res.body as { id: string } };
      },
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/duplicate`, { token: s.owner.token }),
      ok: 201,
      bestEffort: /search_/,
      untouched: async (s) => expect(await spaceCount(s.owner, s.org.id)).toBe(1),
      check: async (s) => expect(await spaceCount(s.owner, s.org.id)).toBe(2),
    });
  });

  it("deleting and restoring a space keep the organization's counter exact", async () => {
    const setup = async () => {
      const { org, owner } = await makeOrg();
      return { org, owner, space: await makeSpace(org.id, owner) };
    };
    await sweep({
      setup,
      run: (e, s) => callWith(e, "DELETE", `/spaces/${s.space.id}`, { token: s.owner.token }),
      ok: 204,
      untouched: async (s) => expect((await readSpace(s.space.id))!.deletedAt).toBeNull(),
      check: async (s) => expect(await spaceCount(s.owner, s.org.id)).toBe(0),
    });
    await sweep({
      setup: async () => {
        const s = await setup();
        const res = await as(s.owner.token).delete(`/spaces/${s.space.id}`);
        expect(res.status, res.text).toBe(204);
        return s;
      },
      run: (e, s) => callWith(e, "POST", `/spaces/${s.space.id}/restore`, { token: s.owner.token }),
      ok: 200,
      bestEffort: /search_/,
      untouched: async (s) => expect((await readSpace(s.space.id))!.deletedAt).not.toBeNull(),
      check: async (s) => expect(await spaceCount(s.owner, s.org.id)).toBe(1),
    });
  });

  it("creating and deleting a collection keep the counters exact", async () => {
    await sweep({
      setup: async () => {
        const { org, owner } = await makeOrg();
        return { org, owner, parent: await makeCollection(org.id) };
      },
      run: (e, s) =>
        callWith(e, "POST", `/orgs/${s.org.id}/collections`, {
          token: s.owner.token,
          body: { title: "Child", parent: s.parent.id },
        }),
      ok: 201,
      untouched: async (s) =>
        expect(await countRows("collections", "parent_id = ?", s.parent.id)).toBe(0),
      check: async (s) =>
        expect(await countRows("collections", "parent_id = ?", s.parent.id)).toBe(1),
    });
    await sweep({
      setup: async () => {
        const { org, owner } = await makeOrg();
        const parent = await makeCollection(org.id);
        const child = await makeCollection(org.id, { parent: parent.id });
        await makeSpace(org.id, owner, { parent: child.id });
        return { org, owner, child };
      },
      run: (e, s) => callWith(e, "DELETE", `/collections/${s.child.id}`, { token: s.owner.token }),
      ok: 204,
      untouched: async (s) => expect(await countRows("collections", "id = ?", s.child.id)).toBe(1),
      check: async (s) => expect(await countRows("collections", "id = ?", s.child.id)).toBe(0),
    });
  });

  it("a comment and a reply are written with their counters", async () => {
    const world = async () => {
      const { org, owner } = await makeOrg();
      return { org, owner, space: await makeSpace(org.id, owner) };
    };
    await sweep({
      setup: world,
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/comments`, {
          token: s.owner.token,
          body: { body: { markdown: "A [link](https://example.com) comment" } },
        }),
      ok: 200,
      untouched: async (s) =>
        expect(await countRows("comments", "space_id = ?", s.space.id)).toBe(0),
      check: async (s) => {
        expect(await countRows("comments", "space_id = ?", s.space.id)).toBe(1);
        expect((await readSpace(s.space.id))!.commentsCount).toBe(1);
      },
    });
    await sweep({
      setup: async () => {
        const w = await world();
        const c = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
          body: { markdown: "Parent" },
        });
        expect(c.status, c.text).toBe(200);
        return { ...w, comment: c.body as { id: string } };
      },
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/comments/${s.comment.id}/replies`, {
          token: s.owner.token,
          body: { body: { markdown: "A reply" } },
        }),
      ok: 200,
      untouched: async (s) =>
        expect(await countRows("comment_replies", "comment_id = ?", s.comment.id)).toBe(0),
      check: async (s) =>
        expect(await countRows("comment_replies", "comment_id = ?", s.comment.id)).toBe(1),
    });
  });

  it("creating a token writes one token", async () => {
    await sweep({
      setup: makeOrg,
      run: (e, s) =>
        callWith(e, "POST", "/user/tokens", { token: s.owner.token, body: { label: "CI" } }),
      ok: 201,
      untouched: async (s) =>
        expect(await countRows("api_tokens", "user_id = ?", s.owner.user.id)).toBe(1),
      check: async (s) =>
        expect(await countRows("api_tokens", "user_id = ?", s.owner.user.id)).toBe(2),
    });
  });

  it("publishing a site and adding a site space keep the site's counters exact", async () => {
    await sweep({
      setup: async () => {
        const { org, owner } = await makeOrg();
        return { org, owner, site: await makeSite(org.id, owner, { spaces: 1 }) };
      },
      run: (e, s) =>
        callWith(e, "POST", `/orgs/${s.org.id}/sites/${s.site.id}/publish`, {
          token: s.owner.token,
        }),
      ok: 200,
      check: async (s) => {
        const res = await as(s.owner.token).get(`/orgs/${s.org.id}/sites/${s.site.id}`);
        expect(res.body.published).toBe(true);
      },
    });
    await sweep({
      setup: async () => {
        const { org, owner } = await makeOrg();
        const site = await makeSite(org.id, owner, { spaces: 1 });
        return { org, owner, site, space: await makeSpace(org.id, owner) };
      },
      run: (e, s) =>
        callWith(e, "POST", `/orgs/${s.org.id}/sites/${s.site.id}/site-spaces`, {
          token: s.owner.token,
          body: { spaceId: s.space.id },
        }),
      ok: 201,
      untouched: async (s) =>
        expect(await countRows("site_spaces", "site_id = ?", s.site.id)).toBe(1),
      check: async (s) => expect(await countRows("site_spaces", "site_id = ?", s.site.id)).toBe(2),
    });
  });
});
