import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as, d1Cost, workerFetch } from "../helpers/api";
import { createCr, makeCrWorld, postMerge } from "../helpers/change-requests-factories";
import { makeOrg, makeUser } from "../helpers/factories";
import { collectionsIn, keysOf, withKey } from "../helpers/idempotency-factories";
import { MAX_SPEC_BODY_BYTES } from "../../src/api/openapi-specs";

describe("Idempotency-Key across body kinds", () => {
  it("seals stored answers: a new token's secret is not readable in the table", async () => {
    const { token } = await makeUser();
    const api = as(token);
    // A label long enough that random ciphertext cannot hold it by chance.
    const label = "a-label-that-must-never-be-readable";
    const first = await api.post("/user/tokens", { label }, withKey("mint"));
    expect(first.status).toBe(201);
    const secret: string = first.body.token;
    const [row] = await keysOf(token);
    expect(row?.status).toBe(201);
    expect(row?.response).not.toContain(secret);
    expect(row?.response).not.toContain(label);
    const again = await api.post("/user/tokens", { label }, withKey("mint"));
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.token).toBe(secret);
  });

  it("costs nothing without the header, one round trip to claim and one to store with it, two to replay", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    const path = `/orgs/${org.id}/collections`;
    await api.get(`/orgs/${org.id}`); // the token is verified and remembered by this isolate
    const plain = await api.post(path, { title: "A" });
    const keyed = await api.post(path, { title: "B" }, withKey("cost"));
    const replay = await api.post(path, { title: "B" }, withKey("cost"));
    expect(plain.status).toBe(201);
    expect(keyed.status).toBe(201);
    expect(await keysOf(owner.token)).toHaveLength(1);
    expect(d1Cost(keyed).roundTrips).toBe(d1Cost(plain).roundTrips + 2);
    // The claim, and the token read for real: a replay must not trust the isolate's memory.
    expect(d1Cost(replay).roundTrips).toBe(2);
  });

  it("lets the content batch (its own body limit) read the body, and replays it", async () => {
    const { space, owner } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const path = `/spaces/${space.id}/change-requests/${cr.id}/content`;
    const batch = {
      changes: [{ operation: "insert_page", title: "Once", document: { markdown: "Hi\n" } }],
    };
    const first = await as(owner.token).post(path, batch, withKey("batch"));
    expect(first.status, first.text).toBe(200);
    const again = await as(owner.token).post(path, batch, withKey("batch"));
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    const pages = await env.DB.prepare(
      "SELECT count(*) AS n FROM page_versions WHERE title = 'Once' AND to_seq IS NULL",
    ).first<{ n: number }>();
    expect(pages?.n).toBe(1);
  });

  it("reads a keyed body no further than its route's own cap (an API spec's)", async () => {
    const { org, owner } = await makeOrg();
    // Over the largest cap of any route (the content batch's 30 MiB): the spec route's own cap
    // must be the one named, not the largest.
    const over = 30 * 1024 * 1024 + 1;
    const res = await workerFetch(`https://quire.test/v1/orgs/${org.id}/openapi`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${owner.token}`,
        "Content-Type": "application/json",
        "Idempotency-Key": "big",
        "Content-Length": String(over),
      },
      body: new Uint8Array(over),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 413, message: `Request body exceeds the ${MAX_SPEC_BODY_BYTES} byte limit` },
    });
    expect(await keysOf(owner.token)).toHaveLength(0);
  });

  it("keys a POST without a body (a merge) and replays its answer", async () => {
    const { space, owner } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const first = await as(owner.token).post(
      `/spaces/${space.id}/change-requests/${cr.id}/merge`,
      undefined,
      withKey("merge"),
    );
    const again = await as(owner.token).post(
      `/spaces/${space.id}/change-requests/${cr.id}/merge`,
      undefined,
      withKey("merge"),
    );
    expect(again.status).toBe(first.status);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    // Without the key the same merge runs again (and answers differently: already merged).
    expect((await postMerge(owner, space.id, cr.id)).headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("fingerprints the bytes, whether streamed or sent whole", async () => {
    const { org, owner } = await makeOrg();
    const url = `https://quire.test/v1/orgs/${org.id}/collections`;
    const bytes = new TextEncoder().encode(JSON.stringify({ title: "Streamed" }));
    const headers = {
      Authorization: `Bearer ${owner.token}`,
      "Content-Type": "application/json",
      "Idempotency-Key": "stream",
    };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 5));
        controller.enqueue(bytes.subarray(5));
        controller.close();
      },
    });
    const first = await workerFetch(url, { method: "POST", headers, body: stream });
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await workerFetch(url, { method: "POST", headers, body: bytes });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
    expect(await collectionsIn(org.id)).toBe(1);
  });
});
