import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { paragraphDocument } from "../helpers/organizations-factories";
import { makeCollection } from "../helpers/collections-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeSpace } from "../helpers/spaces-factories";
import { commitIndexed, word } from "../search/fixtures";

const MISSING = "doesnotexist00000000";

describe("GET /v1/orgs/{organizationId}/search", () => {
  it("finds pages per space through the route, only in spaces the caller can read", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const w = word();
    const open = await makeContentSpace(org.id, owner, "Open");
    const closed = await makeCollection(org.id, { defaultLevel: null });
    const hidden = await makeSpace(org.id, owner, { parent: closed.id, title: "Hidden" });
    await commitIndexed(open.id, owner, [
      { operation: "insert_page", title: "Setup", document: { markdown: `Install ${w} first.\n` } },
    ]);
    await commitIndexed(hidden.id, owner, [
      { operation: "insert_page", title: "Secret", document: { markdown: `The ${w} key.\n` } },
    ]);
    const asOwner = await as(owner.token).get(`/orgs/${org.id}/search`, { query: { query: w } });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.count).toBe(2);
    const asReader = await as(reader.token).get(`/orgs/${org.id}/search`, { query: { query: w } });
    expect(asReader.body.count).toBe(1);
    expect(asReader.body.items[0]).toMatchObject({ id: open.id, title: "Open" });
    expect(asReader.body.items[0].pages[0]).toMatchObject({ title: "Setup" });
    expect(d1Cost(asReader).roundTrips).toBeLessThanOrEqual(2);
    const none = await as(owner.token).get(`/orgs/${org.id}/search`, {
      query: { query: "zz" + w },
    });
    expect(none.body).toEqual({ count: 0, items: [] });
  });

  it("requires a query of at most 512 characters", async () => {
    const { org, owner } = await makeOrg();
    const path = `/orgs/${org.id}/search`;
    const missing = await as(owner.token).get(path);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^query\.query:/);
    const long = await as(owner.token).get(path, { query: { query: "x".repeat(513) } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/^query\.query:/);
    const limit = await as(owner.token).get(path, { query: { query: "x", limit: 0 } });
    expect(limit.body.error.message).toMatch(/^query\.limit:/);
  });
});

authorizationMatrix("GET /v1/orgs/{organizationId}/search", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/search`, query: { query: "a" } }),
  missing: () => ({ method: "GET", path: `/orgs/${MISSING}/search`, query: { query: "a" } }),
  minimumRole: "read",
  scope: "organization:search",
  success: 200,
});

describe("agent instructions", () => {
  it("are an empty document until set", async () => {
    const { org, owner } = await makeOrg();
    const res = await as(owner.token).get(`/orgs/${org.id}/agent-instructions`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: "agent-instructions",
      instructions: { object: "document", data: {}, nodes: [] },
      updatedAt: org.createdAt,
      updatedBy: "",
      urls: { location: `https://quire.test/v1/orgs/${org.id}/agent-instructions` },
    });
  });

  it("are replaced by an admin and read back by members", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const document = paragraphDocument("Always answer in English.");
    await warmToken(owner.token); // steady state: the isolate knows the token
    const put = await as(owner.token).put(`/orgs/${org.id}/agent-instructions`, {
      instructions: document,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      object: "agent-instructions",
      instructions: document,
      updatedBy: owner.user.id,
    });
    expect(d1Cost(put).roundTrips).toBe(2);
    const second = paragraphDocument("Be brief.");
    await as(owner.token).put(`/orgs/${org.id}/agent-instructions`, { instructions: second });
    const got = await as(reader.token).get(`/orgs/${org.id}/agent-instructions`);
    expect(got.body.instructions).toEqual(second);
    expect(got.body.updatedBy).toBe(owner.user.id);
    expect(Date.parse(got.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(put.body.updatedAt));
  });

  it("refuse anything but a Document, naming the field", async () => {
    const { org, owner } = await makeOrg();
    const path = `/orgs/${org.id}/agent-instructions`;
    const cases: [unknown, string][] = [
      [{}, "body.instructions"],
      [{ instructions: "text" }, "body.instructions"],
      [{ instructions: { object: "page", data: {}, nodes: [] } }, "body.instructions.object"],
      [{ instructions: { object: "document", nodes: [] } }, "body.instructions.data"],
      [{ instructions: { object: "document", data: {} } }, "body.instructions.nodes"],
      [
        { instructions: { object: "document", data: {}, nodes: [{ object: "text" }] } },
        "body.instructions.nodes[0].object",
      ],
      [
        { instructions: { object: "document", data: {}, nodes: [{ object: "block" }] } },
        "body.instructions.nodes[0].type",
      ],
      [{ instructions: paragraphDocument("x"), extra: 1 }, "body:"],
    ];
    for (const [body, field] of cases) {
      const res = await as(owner.token).put(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message.startsWith(field), res.body.error.message).toBe(true);
    }
  });
});

authorizationMatrix("GET /v1/orgs/{organizationId}/agent-instructions", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/agent-instructions` }),
  missing: () => ({ method: "GET", path: `/orgs/${MISSING}/agent-instructions` }),
  minimumRole: "read",
  scope: "organization:read",
  success: 200,
});

authorizationMatrix("PUT /v1/orgs/{organizationId}/agent-instructions", {
  request: (w) => ({
    method: "PUT",
    path: `/orgs/${w.org.id}/agent-instructions`,
    body: { instructions: paragraphDocument("x") },
  }),
  missing: () => ({
    method: "PUT",
    path: `/orgs/${MISSING}/agent-instructions`,
    body: { instructions: paragraphDocument("x") },
  }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 200,
});
