import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";

// A space's `urls.location` is built from the request's own origin (src/http/urls.ts reads it
// off the URL without parsing it): whatever the spelling of the URL, the origin URL gives.

describe("the request's origin in API URLs", () => {
  it.each([
    "https://quire.test",
    "https://QUIRE.test:443",
    "http://quire.test:8787",
    "https://user:secret@quire.test",
  ])("answers %s with URL's own origin", async (base) => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const res = await SELF.fetch(`${base}/v1/spaces/${space.id}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    const body = await res.json<{ urls: { location: string } }>();
    expect(body.urls.location).toBe(`${new URL(base).origin}/v1/spaces/${space.id}`);
  });
});
