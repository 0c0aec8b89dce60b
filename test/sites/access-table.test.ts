import { describe, expect, it } from "vitest";
import type { SiteVisibility } from "../../src/db/schema";
import { as, call, d1Cost, type ApiResponse } from "../helpers/api";
import { makeMember, makeOrg, makeUser } from "../helpers/factories";
import {
  makeShareLink,
  makeSite,
  readSiteSpaces,
  siteKey,
  unsignedToken,
  visitorToken,
} from "../helpers/sites-factories";

/**
 * Who may read published content (issue 6 §4, docs/compat-notes/sites.md), as one table: every
 * site state (column) × every kind of caller (row), against both published endpoints:
 * `GET .../sites/{siteId}/published` and `GET /v1/spaces/{spaceId}?shareKey=`.
 */
const COLUMNS = [
  { name: "public", visibility: "public", published: true },
  { name: "unlisted", visibility: "unlisted", published: true },
  { name: "share-link", visibility: "share-link", published: true },
  { name: "visitor-auth", visibility: "visitor-auth", published: true },
  { name: "unpublished public", visibility: "public", published: false },
  { name: "unpublished share-link", visibility: "share-link", published: false },
  { name: "unpublished visitor-auth", visibility: "visitor-auth", published: false },
] as const satisfies readonly { name: string; visibility: SiteVisibility; published: boolean }[];

type Column = (typeof COLUMNS)[number]["name"];
type Cell = 200 | 404;

// prettier-ignore
/** Expected status per caller kind, in the order of COLUMNS. */
const TABLE: Record<string, readonly Cell[]> = {
  //                                        public unlisted share  visitor | unpublished: public share visitor
  "member (read role)":                     [200,  200,     200,   200,      200,                 200,  200],
  "guest of the organization":              [200,  200,     404,   404,      404,                 404,  404],
  "outsider with a token":                  [200,  200,     404,   404,      404,                 404,  404],
  "share key, active":                      [200,  200,     200,   404,      404,                 404,  404],
  "share key, deactivated":                 [200,  200,     404,   404,      404,                 404,  404],
  "share key, deleted":                     [200,  200,     404,   404,      404,                 404,  404],
  "share key of another site":              [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, valid":                     [200,  200,     404,   200,      404,                 404,  404],
  "visitor JWT, for this site's audience":  [200,  200,     404,   200,      404,                 404,  404],
  "visitor JWT, wrong key":                 [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, alg none":                  [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, expired":                   [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, without exp":               [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, another site's":            [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, another site's audience":   [200,  200,     404,   404,      404,                 404,  404],
};

/** A site in the column's state publishing one space, and every credential of the rows. */
async function world(column: (typeof COLUMNS)[number]) {
  const { org, owner } = await makeOrg();
  const site = await makeSite(org.id, owner, {
    visibility: column.visibility,
    published: column.published,
    spaces: 1,
  });
  const spaceId = (await readSiteSpaces(site.id))[0]!.spaceId;
  // Another published share-link site of the organization, which does not contain the space.
  const other = await makeSite(org.id, owner, {
    visibility: "share-link",
    published: true,
    spaces: 1,
  });
  const api = as(owner.token);
  const links = `/orgs/${org.id}/sites/${site.id}/share-links`;
  const active = await makeShareLink(site.id);
  const inactive = await makeShareLink(site.id);
  expect((await api.patch(`${links}/${inactive.id}`, { active: false })).status).toBe(200);
  const deleted = await makeShareLink(site.id);
  expect((await api.delete(`${links}/${deleted.id}`)).status).toBe(204);
  const foreign = await makeShareLink(other.id);
  const key = await siteKey(site.id);
  const hourAgo = Math.floor(Date.now() / 1000) - 3600;
  const callers: Record<string, { token: string; query?: Record<string, string> }> = {};
  const outsider = (await makeUser()).token;
  const jwt = (t: string) => ({ token: outsider, query: { visitorAuthToken: t } });
  callers["member (read role)"] = { token: (await makeMember(org.id, "read")).token };
  callers["guest of the organization"] = { token: (await makeMember(org.id, null)).token };
  callers["outsider with a token"] = { token: outsider };
  callers["share key, active"] = { token: outsider, query: { shareKey: active.key } };
  callers["share key, deactivated"] = { token: outsider, query: { shareKey: inactive.key } };
  callers["share key, deleted"] = { token: outsider, query: { shareKey: deleted.key } };
  callers["share key of another site"] = { token: outsider, query: { shareKey: foreign.key } };
  callers["visitor JWT, valid"] = jwt(await visitorToken(key, { beta: true }));
  callers["visitor JWT, for this site's audience"] = jwt(
    await visitorToken(key, {}, { aud: site.id }),
  );
  callers["visitor JWT, wrong key"] = jwt(await visitorToken("not-the-site-key"));
  callers["visitor JWT, alg none"] = jwt(unsignedToken({ beta: true }));
  callers["visitor JWT, expired"] = jwt(await visitorToken(key, {}, { exp: hourAgo }));
  callers["visitor JWT, without exp"] = jwt(await visitorToken(key, {}, { exp: null }));
  callers["visitor JWT, another site's"] = jwt(await visitorToken(await siteKey(other.id)));
  callers["visitor JWT, another site's audience"] = jwt(
    await visitorToken(key, {}, { aud: other.id }),
  );
  return { org, site, spaceId, callers, outsider };
}

type World = Awaited<ReturnType<typeof world>>;

/** The two endpoints under test, with the request for an id that never existed. */
const ENDPOINTS = [
  {
    name: "GET .../sites/{siteId}/published",
    path: (w: World) => `/orgs/${w.org.id}/sites/${w.site.id}/published`,
    missing: (w: World) => `/orgs/${w.org.id}/sites/doesnotexist/published`,
    check: (w: World, res: ApiResponse, member: boolean) => {
      expect(res.body.object).toBe("published-content-site");
      expect(res.body.site.id).toBe(w.site.id);
      expect(res.body.site.permissions.view).toBe(true);
      expect(res.body.site.permissions.access).toBe(member);
      const [first] = res.body.structure.structure;
      expect(first.space.id).toBe(w.spaceId);
      expect(first.space.permissions).toMatchObject({ view: true, edit: false, admin: false });
    },
  },
  {
    name: "GET /v1/spaces/{spaceId}?shareKey=",
    path: (w: World) => `/spaces/${w.spaceId}`,
    missing: () => `/spaces/doesnotexist`,
    check: (w: World, res: ApiResponse, _member: boolean) => {
      expect(res.body.object).toBe("space");
      expect(res.body.id).toBe(w.spaceId);
      expect(res.body.permissions).toEqual({
        view: true,
        access: true,
        admin: false,
        viewInviteLinks: false,
        edit: false,
        triggerGitSync: false,
        comment: false,
        merge: false,
        review: false,
        installIntegration: false,
      });
    },
  },
];

describe("published access table", () => {
  it("has one expected cell per column for every caller kind", () => {
    for (const [who, row] of Object.entries(TABLE)) expect(row, who).toHaveLength(COLUMNS.length);
  });

  for (const [index, column] of COLUMNS.entries()) {
    it(`${column.name}: every caller kind, both endpoints`, async () => {
      const w = await world(column);
      expect(Object.keys(w.callers).sort()).toEqual(Object.keys(TABLE).sort());
      for (const endpoint of ENDPOINTS) {
        const missing = await call("GET", endpoint.missing(w), { token: w.outsider });
        expect(missing.status).toBe(404);
        for (const [who, row] of Object.entries(TABLE)) {
          const { token, query } = w.callers[who]!;
          const res = await call("GET", endpoint.path(w), { token, query });
          const where = `${endpoint.name} / ${column.name as Column} / ${who}`;
          expect(res.status, `${where}: ${res.text.slice(0, 200)}`).toBe(row[index]);
          expect(d1Cost(res).roundTrips, where).toBeLessThanOrEqual(2);
          if (res.status === 200) endpoint.check(w, res, who === "member (read role)");
          else expect(res.text, where).toBe(missing.text);
        }
      }
    });
  }

  it("refuses a call without an API token with 401 on both endpoints", async () => {
    const w = await world(COLUMNS[0]);
    expect((await call("GET", ENDPOINTS[0]!.path(w), { token: null })).status).toBe(401);
    expect((await call("GET", ENDPOINTS[1]!.path(w), { token: null })).status).toBe(401);
  });
});
