import { describe, expect, it } from "vitest";
import { as, type ApiResponse } from "../helpers/api";
import { makeOrg, makeUser } from "../helpers/factories";
import { visitorToken } from "../helpers/sites-factories";

/** The ids of a structure level, for comparing orders. */
const ids = (items: { id: string }[]) => items.map((item) => item.id);

/** Expects a status, showing the body when it differs. */
function ok(res: ApiResponse, status: number) {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  return res.body;
}

/**
 * Issue 6 "Done when", tried the way a new user would, through the API only: build a site from
 * two spaces, arrange it, reorder it, make it adaptive, share it, then put it behind visitor
 * authentication.
 */
describe("walkthrough: a docs site from two spaces to visitor authentication", () => {
  it("works end to end as documented", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    const visitor = as((await makeUser()).token);

    // Two spaces, and a site publishing both.
    const guides = ok(await api.post(`/orgs/${org.id}/spaces`, { title: "Guides" }), 201);
    const reference = ok(await api.post(`/orgs/${org.id}/spaces`, { title: "Reference" }), 201);
    const site = ok(
      await api.post(`/orgs/${org.id}/sites`, {
        title: "Help center",
        spaces: [guides.id, reference.id],
      }),
      201,
    );
    expect(site).toMatchObject({ siteSpaces: 2, published: false, visibility: "public" });
    const base = `/orgs/${org.id}/sites/${site.id}`;

    // Two sections: the first adopts the root site spaces (its own space first, no copy).
    const guidesSection = ok(
      await api.post(`${base}/sections`, { spaceId: guides.id, title: "Guides" }),
      201,
    );
    expect(guidesSection.siteSpaces.map((s: any) => s.space.id)).toEqual([guides.id, reference.id]);
    const refSection = ok(
      await api.post(`${base}/sections`, { spaceId: reference.id, title: "Reference" }),
      201,
    );
    // Reference now has its own section: take it out of Guides.
    const leftover = guidesSection.siteSpaces[1];
    expect((await api.delete(`${base}/site-spaces/${leftover.id}`)).status).toBe(204);
    expect(ok(await api.get(base), 200).siteSpaces).toBe(2);

    // ...inside one section group.
    const group = ok(
      await api.post(`${base}/section-groups`, {
        title: "Documentation",
        sections: [guidesSection.id, refSection.id],
      }),
      201,
    );
    expect(ids(group.children)).toEqual([guidesSection.id, refSection.id]);
    const level = async () => {
      const tree = ok(await api.get(`${base}/structure`), 200);
      expect(tree.type).toBe("sections");
      expect(ids(tree.structure)).toEqual([group.id]);
      return ids(tree.structure[0].children);
    };
    expect(await level()).toEqual([guidesSection.id, refSection.id]);

    // Reorder with the (deprecated) move...
    const moved = await api.post(`${base}/sections/${refSection.id}/move`, {
      position: { before: { type: "site-section", siteSection: guidesSection.id } },
    });
    ok(moved, 200);
    expect(moved.headers.get("Deprecation")).toBe("true");
    expect(moved.headers.get("Link")).toContain("/structure/sort>");
    expect(await level()).toEqual([refSection.id, guidesSection.id]);
    // ...and with the structure sort, for sections and for site spaces.
    const sorted = ok(
      await api.patch(`${base}/structure/sort`, {
        item: { type: "site-section", id: guidesSection.id },
        position: { before: { type: "site-section", id: refSection.id } },
      }),
      200,
    );
    expect(sorted).toMatchObject({ object: "site-section", id: guidesSection.id });
    expect(await level()).toEqual([guidesSection.id, refSection.id]);
    const changelog = ok(await api.post(`/orgs/${org.id}/spaces`, { title: "Changelog" }), 201);
    const extra = ok(
      await api.post(`${base}/site-spaces`, { spaceId: changelog.id, sectionId: guidesSection.id }),
      201,
    );
    const first = guidesSection.siteSpaces[0];
    ok(
      await api.patch(`${base}/structure/sort`, {
        item: { type: "site-space", id: extra.id },
        position: { before: { type: "site-space", id: first.id } },
      }),
      200,
    );
    const guidesNow = ok(await api.get(`${base}/sections`), 200).items.find(
      (s: any) => s.id === guidesSection.id,
    );
    expect(guidesNow.siteSpaces.map((s: any) => [s.id, s.default])).toEqual([
      [extra.id, false],
      [first.id, true],
    ]);

    // A condition from a template condition of the adaptive schema.
    ok(
      await api.put(`${base}/adaptive-schema`, {
        jsonSchema: {
          type: "object",
          properties: { beta: { type: "boolean", description: "Beta program member" } },
          additionalProperties: false,
        },
      }),
      200,
    );
    ok(await api.patch(base, { adaptiveContent: { enabled: true } }), 200);
    const templates = ok(await api.get(`${base}/adaptive-schema/template-conditions`), 200);
    const betaOnly = templates.items.find((t: any) => t.condition.endsWith("=== true"));
    expect(betaOnly).toEqual({
      description: expect.stringContaining("Beta program member"),
      condition: "visitor.claims.beta === true",
    });
    const conditioned = ok(
      await api.patch(`${base}/site-spaces/${extra.id}`, { condition: betaOnly.condition }),
      200,
    );
    expect(conditioned.condition).toBe(betaOnly.condition);

    // Share it with a link, and read the published site with its key.
    ok(await api.patch(base, { visibility: "share-link" }), 200);
    expect(ok(await api.post(`${base}/publish`), 200).published).toBe(true);
    const link = ok(await api.post(`${base}/share-links`, { name: "Partners" }), 201);
    const shareKey = new URL(link.urls.published).searchParams.get("share")!;
    expect(shareKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const published = ok(await visitor.get(`${base}/published`, { query: { shareKey } }), 200);
    expect(published.site).toMatchObject({ id: site.id, title: "Help center" });
    expect(published.site.urls.published).toContain(`?share=${shareKey}`);
    const shown = published.structure.structure[0].children[0].siteSpaces;
    expect(ids(shown)).toEqual([first.id]); // no claims: the beta-only changelog is hidden
    ok(await visitor.get(`/spaces/${guides.id}`, { query: { shareKey } }), 200);
    const refused = await visitor.get(`${base}/published`);
    expect(refused.status).toBe(404);

    // Deactivate the link: its key is refused at once, exactly like a site that does not exist.
    ok(await api.patch(`${base}/share-links/${link.id}`, { active: false }), 200);
    const off = await visitor.get(`${base}/published`, { query: { shareKey } });
    expect(off.status).toBe(404);
    expect(off.text).toBe(refused.text);
    expect((await visitor.get(`/spaces/${guides.id}`, { query: { shareKey } })).status).toBe(404);

    // Switch to visitor authentication and read with a visitor token signed with the site's key.
    ok(await api.patch(base, { visibility: "visitor-auth" }), 200);
    const auth = ok(await api.get(`${base}/publishing/auth`), 200);
    const beta = await visitorToken(auth.privateKey, { beta: true });
    const asBeta = ok(
      await visitor.get(`${base}/published`, { query: { visitorAuthToken: beta } }),
      200,
    );
    expect(ids(asBeta.structure.structure[0].children[0].siteSpaces)).toEqual([extra.id, first.id]);
    const regular = await visitorToken(auth.privateKey, { beta: false });
    const asRegular = ok(
      await visitor.get(`${base}/published`, { query: { visitorAuthToken: regular } }),
      200,
    );
    expect(ids(asRegular.structure.structure[0].children[0].siteSpaces)).toEqual([first.id]);
    const space = ok(
      await visitor.get(`/spaces/${reference.id}`, { query: { visitorAuthToken: beta } }),
      200,
    );
    expect(space.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expect((await visitor.get(`${base}/published`, { query: { shareKey } })).status).toBe(404);
  });
});
