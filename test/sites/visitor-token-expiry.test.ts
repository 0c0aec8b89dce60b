import { describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { publishedDocs, resolveUrl, siteUrl } from "../helpers/reading-factories";
import { siteKey, visitorToken } from "../helpers/sites-factories";

/**
 * Issue 34, finding 9: a site token minted from a visitor JWT lives no longer than that JWT
 * (an hour at most, as any site token).
 */
describe("a site token from a visitor JWT", () => {
  it("expires when the visitor JWT does, not an hour later", async () => {
    for (const visibility of ["visitor-auth", "public"] as const) {
      const { site } = await publishedDocs({ visibility });
      const exp = Math.floor(Date.now() / 1000) + 5;
      const jwt = await visitorToken(await siteKey(site.id), { plan: "pro" }, { exp });
      const res = await resolveUrl(siteUrl(site.id), { visitor: { jwtToken: jwt } });
      expect(res.status, res.text).toBe(200);
      expect(decodeJwt(res.body.apiToken).exp, visibility).toBe(exp);
    }
  });

  it("keeps the hour when the visitor JWT lives longer", async () => {
    const { site } = await publishedDocs({ visibility: "visitor-auth" });
    const later = Math.floor(Date.now() / 1000) + 86_400;
    const jwt = await visitorToken(await siteKey(site.id), {}, { exp: later });
    const res = await resolveUrl(siteUrl(site.id), { visitor: { jwtToken: jwt } });
    const exp = decodeJwt(res.body.apiToken).exp!;
    expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(exp).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
  });
});
