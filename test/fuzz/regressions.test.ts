// What the fuzzer found, replayed one by one: deep JSON in free-form fields, and cursors that are
// correctly signed but carry keys the server never writes.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { base64url, hmac } from "../../src/lib/crypto";
import { as } from "../helpers/api";
import { makeShareLink, makeSite } from "../helpers/sites-factories";
import { makeTeam } from "../helpers/teams-factories";
import { makeCommentWorld, postReply, postSpaceComment } from "../helpers/comments-factories";

/** `{"a":{"a":…1…}}`, `depth` objects deep, as raw JSON text. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

async function signedCursor(scope: string, key: unknown): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(key)));
  return `${body}.${(await hmac(env.SIGNING_SECRET, `${scope}|${body}`)).slice(0, 16)}`;
}

describe("deep JSON in free-form fields", () => {
  it.each([
    ["an adaptive schema", "adaptive"],
    ["a change request's description", "description"],
  ])("answers 400 for %s nested 20,000 levels deep", async (_, where) => {
    const w = await makeCommentWorld();
    const api = as(w.owner.token);
    const headers = { "Content-Type": "application/json" };
    const deep = nested(20_000);
    let res;
    if (where === "adaptive") {
      const site = await makeSite(w.org.id, w.owner, { spaces: [{ id: w.space.id }] });
      const rawBody = `{"jsonSchema":{"type":"object","x":${deep}}}`;
      res = await api.put(`/orgs/${w.org.id}/sites/${site.id}/adaptive-schema`, undefined, {
        rawBody,
        headers,
      });
    } else {
      const cr = (await api.post(`/spaces/${w.space.id}/change-requests`, { subject: "x" })).body;
      const rawBody = `{"description":{"object":"document","data":${deep},"nodes":[]}}`;
      res = await api.patch(`/spaces/${w.space.id}/change-requests/${cr.id}`, undefined, {
        rawBody,
        headers,
      });
    }
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toBe("body: nested deeper than 256 levels");
  });

  it("keeps the generic limit out of the way of ordinary bodies", async () => {
    const w = await makeCommentWorld();
    const res = await as(w.owner.token).post(`/spaces/${w.space.id}/change-requests`, {
      subject: "x",
      description: { object: "document", data: JSON.parse(nested(40)), nodes: [] },
    });
    expect(res.text).not.toContain("nested deeper than 256");
  });
});

describe("signed cursors with keys the server never writes", () => {
  it.each([[[{}]], [[[1]]], [[true, "x"]], [[{ a: 1 }, "x"]]])(
    "answers 400 for the signed key %j on a list (was a 500 from the D1 binding)",
    async (key) => {
      const w = await makeCommentWorld();
      const comment = await postSpaceComment(w.owner, w.space.id);
      const base = `/spaces/${w.space.id}/comments/${comment.id}`;
      await postReply(w.owner, base);
      const page = await signedCursor(`comment-replies:${comment.id}`, key);
      const res = await as(w.owner.token).get(`${base}/replies`, { query: { page } });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message).toBe("query.page: invalid page cursor");
    },
  );
});

describe("text filters longer than D1's 50-byte LIKE patterns", () => {
  it("filters sites, teams and share links by long UTF-8 text (was a 500: LIKE pattern too complex)", async () => {
    const w = await makeCommentWorld();
    const api = as(w.owner.token);
    const title = `Docs ${"é".repeat(40)}`;
    const site = await makeSite(w.org.id, w.owner, { title, spaces: [{ id: w.space.id }] });
    await makeTeam(w.org.id, { title });
    await makeShareLink(site.id);
    const needle = "é".repeat(40);
    const sites = await api.get(`/orgs/${w.org.id}/sites`, { query: { title: needle } });
    expect(sites.status, sites.text).toBe(200);
    expect(sites.body.items.map((s: { id: string }) => s.id)).toEqual([site.id]);
    const teams = await api.get(`/orgs/${w.org.id}/teams`, { query: { title: needle } });
    expect(teams.status, teams.text).toBe(200);
    expect(teams.body.items).toHaveLength(1);
    const links = await api.get(`/orgs/${w.org.id}/sites/${site.id}/share-links`, {
      query: { search: needle },
    });
    expect(links.status, links.text).toBe(200);
    expect(links.body.items).toHaveLength(0);
  });

  it("still treats % and _ as text, not wildcards", async () => {
    const w = await makeCommentWorld();
    await makeSite(w.org.id, w.owner, { title: "Plain", spaces: [{ id: w.space.id }] });
    const res = await as(w.owner.token).get(`/orgs/${w.org.id}/sites`, { query: { title: "%" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toHaveLength(0);
  });
});
