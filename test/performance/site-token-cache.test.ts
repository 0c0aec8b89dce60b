import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeJwt } from "jose";
import { mintSiteToken, verifySiteToken } from "../../src/auth/site-token";
import { as } from "../helpers/api";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";

// Site tokens are verified once per isolate and token (docs/performance.md, "Session 10"): what
// the memory must not change is when a token stops working.

const GRANT = {
  organization: "org",
  site: "site",
  siteSpace: "site-space",
  space: "space",
  spaces: ["space"],
  publicationVersion: 1,
  claims: {},
  adaptive: false,
  visitorType: "human" as const,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("verified site tokens remembered per isolate", () => {
  it("gives the same grant again, and refuses the token once it expires", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const { token, expiresAt } = await mintSiteToken("secret one", GRANT);
    const first = await verifySiteToken("secret one", token);
    expect(first).toMatchObject({ site: "site", publicationVersion: 1, expiresAt });
    expect(await verifySiteToken("secret one", token)).toBe(first);
    vi.setSystemTime(expiresAt - 1_000);
    expect(await verifySiteToken("secret one", token)).toBe(first);
    vi.setSystemTime(expiresAt);
    expect(await verifySiteToken("secret one", token)).toBeNull();
    expect(await verifySiteToken("secret one", token)).toBeNull();
  });

  it("remembers a token under the secret it was verified with only", async () => {
    const { token } = await mintSiteToken("secret one", GRANT);
    expect(await verifySiteToken("secret one", token)).not.toBeNull();
    expect(await verifySiteToken("secret two", token)).toBeNull();
    expect(await verifySiteToken("secret one", token)).not.toBeNull();
  });

  it("still stops a remembered token at once when its site is unpublished", async () => {
    const { site, space, owner, org } = await publishedDocs();
    const token = await siteTokenFor(siteUrl(site.id));
    expect(decodeJwt(token).kind).toBe("site");
    for (let i = 0; i < 3; i++) {
      expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(200);
    }
    await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/unpublish`);
    expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(404);
    await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/publish`);
    expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(404);
  });
});
