import { describe, expect, it } from "vitest";
import { as, warmToken } from "../helpers/api";
import { createCr, makeCrWorld } from "../helpers/change-requests-factories";

/** A content batch inserting one page of about `bytes` of markdown (a long list). */
function bigPage(bytes: number) {
  return {
    changes: [
      {
        operation: "insert_page",
        title: "Big",
        document: { markdown: `${"word ".repeat(100)}\n\n`.repeat(bytes / 502) },
      },
    ],
  };
}

describe("requests with large bodies", () => {
  it("run one at a time per isolate; a flood beyond is refused with 429, small requests still answer", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    await warmToken(owner.token);
    const path = `/spaces/${space.id}/change-requests/${cr.id}/content`;
    const body = bigPage(300_000);
    const flood = Array.from({ length: 7 }, () => as(owner.token).post(path, body));
    const small = as(owner.token).get(`/spaces/${space.id}`);
    const answers = await Promise.all(flood);
    expect((await small).status).toBe(200);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(statuses.filter((s) => s !== 429)).toEqual([200]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get("Retry-After")).toBe("2");
    expect(refused.body.error).toEqual({
      code: 429,
      message: "Too many large requests are being processed; retry in 2 s",
    });
  });

  it("lets small bodies through without queueing", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const path = `/spaces/${space.id}/change-requests/${cr.id}/content`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        as(owner.token).post(path, {
          changes: [{ operation: "insert_page", title: `P${i}`, document: { markdown: "x" } }],
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.some((a) => a.status === 429)).toBe(false);
  });

  it("answers 400, not a database error, for markdown whose Document is too large to store", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const path = `/spaces/${space.id}/change-requests/${cr.id}/content`;
    const res = await as(owner.token).post(path, {
      changes: [
        { operation: "insert_page", title: "L", document: { markdown: "- a\n".repeat(75_000) } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/document: too large to store/);
  });
});
