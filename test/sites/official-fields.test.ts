import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite } from "../helpers/sites-factories";

/** An organization with a site publishing one space, and a second space to add. */
async function world() {
  const { org, owner } = await makeOrg();
  const site = await makeSite(org.id, owner, { spaces: 1 });
  const extra = await makeSpace(org.id, owner, { title: "Guide" });
  const api = as(owner.token);
  const base = `/orgs/${org.id}/sites/${site.id}`;
  return { org, owner, site, extra, api, base };
}

describe("official request fields of the site structure writes", () => {
  it("addSpaceToSite keeps a site-specific title (answered as the site space's title, the path from it)", async () => {
    const { api, base, extra } = await world();
    const res = await api.post(`${base}/site-spaces`, {
      spaceId: extra.id,
      title: "Version 2",
      draft: false,
      pageId: null,
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe("Version 2");
    expect(res.body.path).toBe("version-2");
    expect(res.body.space.title).toBe("Guide");
    const listed = await api.get(`${base}/site-spaces`);
    const mine = listed.body.items.find((s: { id: string }) => s.id === res.body.id);
    expect(mine.title).toBe("Version 2");
  });

  it("refuses what Quire cannot do with the reason, not 'Unrecognized key'", async () => {
    const { api, base, extra } = await world();
    const cases: [string, string, unknown, RegExp][] = [
      ["post", "/site-spaces", { spaceId: null }, /^body\.spaceId: creating a space from a site/],
      ["post", "/site-spaces", { spaceId: extra.id, draft: true }, /^body\.draft: drafts of site/],
      ["post", "/site-spaces", { spaceId: extra.id, pageId: "p1" }, /^body\.pageId: custom home/],
      [
        "post",
        "/site-spaces",
        { spaceId: extra.id, template: { id: "t" } },
        /^body\.template: a template/,
      ],
      ["post", "/sections", { spaceId: null, title: "New" }, /^body\.spaceId: creating a space/],
      ["post", "/sections", { spaceId: extra.id, pageId: "p1" }, /^body\.pageId: custom home/],
      ["post", "/section-groups", { title: "G", draft: true }, /^body\.draft: drafts/],
      ["patch", "", { styleguide: "space1" }, /^body\.styleguide: style guides are not supported/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await (method === "post" ? api.post : api.patch)(`${base}${path}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message, JSON.stringify(body)).toMatch(message);
    }
  });

  it("takes the official values that mean what Quire does (draft false, hidden false, no custom home page, no style guide)", async () => {
    const { api, base, extra } = await world();
    const section = await api.post(`${base}/sections`, { spaceId: extra.id, draft: false });
    expect(section.status).toBe(201);
    const siteSpaceId = section.body.siteSpaces[0].id;
    const patched = await api.patch(`${base}/site-spaces/${siteSpaceId}`, {
      hidden: false,
      draft: false,
      pageId: null,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.draft).toBe(false);
    const hidden = await api.patch(`${base}/site-spaces/${siteSpaceId}`, { hidden: true });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.message).toMatch(
      /^body\.hidden: hidden site spaces are not supported/,
    );
    const sectionPatch = await api.patch(`${base}/sections/${section.body.id}`, {
      draft: false,
      localizedTitle: { fr: "Guide" },
    });
    expect(sectionPatch.status).toBe(400);
    expect(sectionPatch.body.error.message).toMatch(/^body\.localizedTitle: localized titles/);
    const group = await api.post(`${base}/section-groups`, { title: "Group", draft: false });
    expect(group.status).toBe(201);
    const groupPatch = await api.patch(`${base}/section-groups/${group.body.id}`, { draft: false });
    expect(groupPatch.status).toBe(200);
    const site = await api.patch(base, { styleguide: null });
    expect(site.status).toBe(200);
  });
});

describe("official request fields of spaces and organizations", () => {
  it("refuses a space icon URL and the merge rules Quire does not enforce with the reason", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const api = as(owner.token);
    const icon = await api.patch(`/spaces/${space.id}`, { icon: "https://example.com/i.png" });
    expect(icon.status).toBe(400);
    expect(icon.body.error.message).toMatch(/^body\.icon: custom icons are not supported/);
    const rule = await api.patch(`/spaces/${space.id}`, {
      mergeRules: { type: "rules", rules: [{ rule: "require_at_least_one_review" }] },
    });
    expect(rule.status).toBe(400);
    expect(rule.body.error.message).toMatch(/require_specific_reviewers merge rule/);
    const created = await api.post("/orgs", { title: "Org", onboardingPreferences: {} });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toMatch(/^body\.onboardingPreferences: an organization/);
  });
});
