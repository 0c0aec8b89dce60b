import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeOrgWithRoles } from "../helpers/factories";
import { indexedDomains, readOrg, uniqueDomain } from "../helpers/organizations-factories";

const MISSING = "doesnotexist00000000";

describe("GET /v1/orgs/{organizationId}", () => {
  it("returns every required field, with permissions derived from the role, in one round trip", async () => {
    const { org, owner } = await makeOrg({ title: "Read me" });
    const res = await as(owner.token).get(`/orgs/${org.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "organization",
      id: org.id,
      title: "Read me",
      createdAt: org.createdAt,
      emailDomains: [],
      type: "business",
      plan: "free_2024",
      inviteLinks: true,
      sso: false,
      ai: false,
      defaultRole: null,
      mergeRules: { type: "none" },
      trial: { status: "notapplicable", count: 0 },
    });
    expect(res.body.billing).toBeUndefined();
    expect(Object.values(res.body.permissions).every((v) => v === true)).toBe(true);
    expect(d1Cost(res).roundTrips).toBe(1);
  });

  it("derives each permission from the caller's role", async () => {
    const world = await makeOrgWithRoles();
    const perms = async (token: string) =>
      (await as(token).get(`/orgs/${world.org.id}`)).body.permissions;
    expect(await perms(world.guest.token)).toMatchObject({
      view: true,
      access: true,
      admin: false,
      listMembers: false,
      listTeams: false,
      createContent: false,
    });
    expect(await perms(world.roles.read.token)).toMatchObject({
      view: true,
      listMembers: true,
      listTeams: true,
      listIntegrations: true,
      createContent: false,
      ownTeam: false,
      viewBilling: false,
    });
    expect(await perms(world.roles.create.token)).toMatchObject({
      createContent: true,
      createOpenAPISpec: true,
      ownTeam: true,
      admin: false,
      installIntegration: false,
      ingestConversations: false,
    });
    expect(await perms(world.roles.admin.token)).toMatchObject({
      admin: true,
      viewBilling: true,
      listInstallations: true,
      installIntegration: true,
      ingestConversations: true,
    });
  });
});

authorizationMatrix("GET /v1/orgs/{organizationId}", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}` }),
  missing: () => ({ method: "GET", path: `/orgs/${MISSING}` }),
  minimumRole: "guest",
  scope: "organization:read",
  success: 200,
});

describe("PATCH /v1/orgs/{organizationId}", () => {
  it("updates the settings and keeps the e-mail domain index in sync", async () => {
    const [a, b, c] = [uniqueDomain(), uniqueDomain(), uniqueDomain()];
    const { org, owner } = await makeOrg({ emailDomains: [a, b] });
    const hostname = `h${Date.now().toString(36)}`.slice(0, 20);
    const res = await as(owner.token).patch(`/orgs/${org.id}`, {
      title: "Renamed",
      emailDomains: [b, c.toUpperCase()],
      hostname,
      defaultRole: "edit",
      logo: "https://cdn.example/logo.png",
      sso: true,
      ai: true,
      inviteLinks: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Renamed",
      emailDomains: [b, c],
      hostname,
      defaultRole: "edit",
      sso: true,
      ai: true,
      inviteLinks: false,
    });
    expect(res.body.urls.logo).toBe("https://cdn.example/logo.png");
    expect(await indexedDomains(org.id)).toEqual([b, c].sort());
    const cleared = await as(owner.token).patch(`/orgs/${org.id}`, {
      emailDomains: [],
      logo: null,
      defaultRole: null,
      defaultContent: null,
    });
    expect(cleared.body.emailDomains).toEqual([]);
    expect(cleared.body.urls.logo).toBeUndefined();
    expect(cleared.body.defaultRole).toBeNull();
    expect(cleared.body.title).toBe("Renamed");
    expect(await indexedDomains(org.id)).toEqual([]);
  });

  it("answers an empty body with the organization unchanged", async () => {
    const { org, owner } = await makeOrg({ title: "Same" });
    const res = await as(owner.token).patch(`/orgs/${org.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("Same");
  });

  it("refuses a hostname another organization holds with 409", async () => {
    const hostname = `t${Date.now().toString(36)}`.slice(0, 20);
    const first = await makeOrg();
    const second = await makeOrg();
    expect((await as(first.owner.token).patch(`/orgs/${first.org.id}`, { hostname })).status).toBe(
      200,
    );
    // Setting one's own hostname again is not a conflict.
    expect((await as(first.owner.token).patch(`/orgs/${first.org.id}`, { hostname })).status).toBe(
      200,
    );
    const res = await as(second.owner.token).patch(`/orgs/${second.org.id}`, { hostname });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(hostname);
    expect((await readOrg(second.org.id)).hostname).toBeNull();
  });

  it("stores merge rules whose reviewers are members, and names a non-member", async () => {
    const { org, owner } = await makeOrg();
    const reviewer = await makeMember(org.id, "review");
    const outsider = await makeOrg();
    const mergeRules = {
      type: "rules",
      rules: [{ rule: "require_specific_reviewers", users: [reviewer.user.id] }],
    };
    const ok = await as(owner.token).patch(`/orgs/${org.id}`, { mergeRules });
    expect(ok.status).toBe(200);
    expect(ok.body.mergeRules).toEqual(mergeRules);
    const bad = await as(owner.token).patch(`/orgs/${org.id}`, {
      mergeRules: {
        type: "rules",
        rules: [
          { rule: "require_specific_reviewers", users: [reviewer.user.id, outsider.owner.user.id] },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      "body.mergeRules.rules[0].users[1]: not a member of this organization",
    );
    const none = await as(owner.token).patch(`/orgs/${org.id}`, { mergeRules: { type: "none" } });
    expect(none.body.mergeRules).toEqual({ type: "none" });
  });

  it("refuses a default site while sites do not exist", async () => {
    const { org, owner } = await makeOrg();
    const res = await as(owner.token).patch(`/orgs/${org.id}`, {
      defaultContent: { type: "site", site: "site123" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("body.defaultContent.site: no such site");
  });

  it("validates every field, naming it", async () => {
    const { org, owner } = await makeOrg();
    const cases: [unknown, string][] = [
      [{ title: "x" }, "body.title"],
      [{ emailDomains: ["@nope"] }, "body.emailDomains[0]"],
      [{ hostname: "ab" }, "body.hostname"],
      [{ hostname: "Upper" }, "body.hostname"],
      [{ hostname: "-dash" }, "body.hostname"],
      [{ hostname: "x".repeat(33) }, "body.hostname"],
      [{ defaultRole: "owner" }, "body.defaultRole"],
      [{ defaultContent: { type: "space", space: "s" } }, "body.defaultContent"],
      [{ logo: "not a url" }, "body.logo"],
      [{ logo: `https://x.example/${"a".repeat(2048)}` }, "body.logo"],
      [{ sso: "yes" }, "body.sso"],
      [{ mergeRules: { type: "sometimes" } }, "body.mergeRules"],
      [{ mergeRules: { type: "rules", rules: [{ rule: "custom" }] } }, "body.mergeRules"],
      [{ plan: "pro_2024" }, "body"],
    ];
    for (const [body, field] of cases) {
      const res = await as(owner.token).patch(`/orgs/${org.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message.startsWith(`${field}`), res.body.error.message).toBe(true);
    }
  });
});

authorizationMatrix("PATCH /v1/orgs/{organizationId}", {
  request: (w) => ({ method: "PATCH", path: `/orgs/${w.org.id}`, body: { title: "Changed" } }),
  missing: () => ({ method: "PATCH", path: `/orgs/${MISSING}`, body: { title: "Changed" } }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 200,
});
