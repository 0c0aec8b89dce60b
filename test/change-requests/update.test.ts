import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import {
  createCr,
  crRow,
  makeCrWorld,
  postMerge,
  spaceRow,
} from "../helpers/change-requests-factories";

const DOC = {
  object: "document",
  data: {},
  nodes: [
    {
      object: "block",
      type: "paragraph",
      nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Why this change", marks: [] }] }],
    },
  ],
};

async function counters(spaceId: string) {
  const row = await spaceRow(spaceId);
  return {
    count: row.changeRequestsCount,
    open: row.changeRequestsOpen,
    draft: row.changeRequestsDraft,
  };
}

describe("PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}", () => {
  it("updates the subject and the description (a Document), in two round trips", async () => {
    const { org, owner, space } = await makeCrWorld();
    const editor = await makeMember(org.id, "edit");
    const cr = await createCr(owner, space.id, "Old");
    await warmToken(editor.token); // steady state: the isolate knows the token
    const res = await as(editor.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
      subject: "New subject",
      description: DOC,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: cr.id,
      subject: "New subject",
      status: "draft",
      description: DOC,
    });
    expect(res.body.createdBy.id).toBe(owner.user.id);
    expect(res.body.updatedAt >= cr.updatedAt).toBe(true);
    expect(d1Cost(res).roundTrips).toBe(2);
    const read = await as(editor.token).get(`/spaces/${space.id}/change-requests/1`);
    expect(read.body.description).toEqual(DOC);
  });

  it("moves the space counters exactly through every status transition", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const path = `/spaces/${space.id}/change-requests/${cr.id}`;
    expect(await counters(space.id)).toEqual({ count: 1, open: 0, draft: 1 });
    const steps: [string, { open: number; draft: number }][] = [
      ["open", { open: 1, draft: 0 }],
      ["open", { open: 1, draft: 0 }],
      ["draft", { open: 0, draft: 1 }],
      ["archived", { open: 0, draft: 0 }],
      ["open", { open: 1, draft: 0 }],
      ["archived", { open: 0, draft: 0 }],
      ["draft", { open: 0, draft: 1 }],
    ];
    for (const [status, expected] of steps) {
      const res = await as(owner.token).patch(path, { status });
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe(status);
      expect(await counters(space.id)).toEqual({ count: 1, ...expected });
    }
  });

  it("counts merged change requests in neither counter, and refuses status changes after merge", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    await createCr(owner, space.id);
    await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, { status: "open" });
    expect(await counters(space.id)).toEqual({ count: 2, open: 1, draft: 1 });
    expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
    expect(await counters(space.id)).toEqual({ count: 2, open: 0, draft: 1 });
    const res = await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
      status: "open",
    });
    expect(res.status).toBe(409);
    expect(await counters(space.id)).toEqual({ count: 2, open: 0, draft: 1 });
    const subject = await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
      subject: "Renamed after merge",
    });
    expect(subject.status).toBe(200);
    expect(subject.body).toMatchObject({ status: "merged", subject: "Renamed after merge" });
  });

  it("keeps counters exact when two status changes race", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const path = `/spaces/${space.id}/change-requests/${cr.id}`;
    const results = await Promise.all([
      as(owner.token).patch(path, { status: "open" }),
      as(owner.token).patch(path, { status: "archived" }),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const row = await crRow(cr.id);
    const expected = {
      count: 1,
      open: row.status === "open" ? 1 : 0,
      draft: row.status === "draft" ? 1 : 0,
    };
    expect(await counters(space.id)).toEqual(expected);
  });

  it("answers 400 naming the field for merged, a bad description, links and unknown fields", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const path = `/spaces/${space.id}/change-requests/${cr.id}`;
    const merged = await as(owner.token).patch(path, { status: "merged" });
    expect(merged.status).toBe(400);
    expect(merged.body.error.message).toMatch(/^body\.status: /);
    const doc = await as(owner.token).patch(path, {
      description: {
        object: "document",
        data: {},
        nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "nope" }] }],
      },
    });
    expect(doc.status).toBe(400);
    expect(doc.body.error.message).toMatch(/^body\.description\.nodes\[0\]\.nodes\[0\]\.object: /);
    const links = await as(owner.token).patch(path, { links: [] });
    expect(links.status).toBe(400);
    expect(links.body.error.message).toMatch(/^body\.links: /);
    const unknown = await as(owner.token).patch(path, { title: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^body: /);
    const long = await as(owner.token).patch(path, { subject: "y".repeat(101) });
    expect(long.body.error.message).toMatch(/^body\.subject: /);
    expect((await crRow(cr.id)).subject).toBe("A change");
  });

  it("answers 204 with Preference-Applied for prefer: return=minimal", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const res = await as(owner.token).patch(
      `/spaces/${space.id}/change-requests/${cr.id}`,
      { subject: "Quiet" },
      { headers: { prefer: "return=minimal" } },
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("Preference-Applied")).toBe("return=minimal");
    expect((await crRow(cr.id)).subject).toBe("Quiet");
  });
});

authorizationMatrix("PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    return { space, cr: await createCr(world.owner, space.id) };
  },
  request: (_w, s) => ({
    method: "PATCH",
    path: `/spaces/${s.space.id}/change-requests/${s.cr.id}`,
    body: { subject: "Renamed" },
  }),
  missing: (_w, s) => ({
    method: "PATCH",
    path: `/spaces/neverexisted/change-requests/${s.cr.id}`,
    body: { subject: "Renamed" },
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 200,
});
