import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it, vi, beforeAll } from "vitest";
import worker from "../../src/index";
import { requestFingerprint } from "../../src/services/idempotency/seal";
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from "../../src/services/idempotency/keys";
import { as, d1Cost, workerFetch, warmToken } from "../helpers/api";
import { makeOrg, makeUser, unique } from "../helpers/factories";
import { callWith, faultyEnv } from "../helpers/faults";
import { collectionsIn, insertKey, keysOf, withKey } from "../helpers/idempotency-factories";
import { createCr, makeCrWorld, postMerge } from "../helpers/change-requests-factories";
import { MAX_SPEC_BODY_BYTES } from "../../src/api/openapi-specs";
import { emptyStorage } from "../helpers/storage";

describe("idempotency", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe("Idempotency-Key on POST", () => {
    it("replays a create: one collection, the same answer with Idempotent-Replayed and Location", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const path = `/orgs/${org.id}/collections`;
      const first = await api.post(path, { title: "Once" }, withKey("create-1"));
      expect(first.status).toBe(201);
      expect(first.headers.get("Idempotent-Replayed")).toBeNull();
      const second = await api.post(path, { title: "Once" }, withKey("create-1"));
      expect(second.status).toBe(201);
      expect(second.headers.get("Idempotent-Replayed")).toBe("true");
      expect(second.text).toBe(first.text);
      expect(second.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
      expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
      expect(second.headers.get("Location")).toContain(`/collections/${first.body.id}`);
      expect(await collectionsIn(org.id)).toBe(1);
      // The replay runs nothing: only the claim's round trip, no row written.
      expect(d1Cost(second).rowsWritten).toBe(0);
    });

    it("answers 422 for the same key with another body, path or query", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const path = `/orgs/${org.id}/collections`;
      expect((await api.post(path, { title: "A" }, withKey("k422"))).status).toBe(201);
      for (const res of [
        await api.post(path, { title: "B" }, withKey("k422")),
        await api.post(path, { title: "A" }, { ...withKey("k422"), query: { x: "1" } }),
        await api.post(`/orgs/${org.id}/spaces`, { title: "A" }, withKey("k422")),
      ]) {
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe(422);
        expect(res.body.error.message).toMatch(/Idempotency-Key "k422" was used with a different/);
      }
      expect(await collectionsIn(org.id)).toBe(1);
    });

    it("answers 409 while the first request with the key is in flight, and takes over a lapsed lease", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const path = `/orgs/${org.id}/collections`;
      const fingerprint = await requestFingerprint(
        "POST",
        `/v1${path}`,
        new TextEncoder().encode(JSON.stringify({ title: "A" })),
      );
      await insertKey(owner.token, "busy", new Date(Date.now() - 5_000).toISOString(), fingerprint);
      const busy = await api.post(path, { title: "A" }, withKey("busy"));
      expect(busy.status).toBe(409);
      expect(busy.body.error.message).toMatch(/still in progress/);
      expect(await collectionsIn(org.id)).toBe(0);

      // An in-flight record older than the 60 s lease: its Worker died, the key is taken over.
      await insertKey(
        owner.token,
        "dead",
        new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1000).toISOString(),
        "other",
      );
      const taken = await api.post(path, { title: "A" }, withKey("dead"));
      expect(taken.status).toBe(201);
      expect(await collectionsIn(org.id)).toBe(1);
    });

    it("answers 409 to a concurrent duplicate sent at the same time", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const path = `/orgs/${org.id}/collections`;
      const answers = await Promise.all(
        [1, 2, 3].map(() => api.post(path, { title: "Race" }, withKey("race"))),
      );
      const statuses = answers.map((a) => a.status).sort();
      // One ran; the others either saw it in flight (409) or replayed its answer (201).
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(await collectionsIn(org.id)).toBe(1);
    });

    it("keeps keys per token: another token with the same key runs on its own", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeUser();
      const path = `/orgs/${org.id}/collections`;
      expect((await as(owner.token).post(path, { title: "A" }, withKey("shared"))).status).toBe(
        201,
      );
      const { org: org2, owner: owner2 } = await makeOrg({ owner: other });
      const res = await as(owner2.token).post(
        `/orgs/${org2.id}/collections`,
        { title: "A" },
        withKey("shared"),
      );
      expect(res.status).toBe(201);
      expect(res.headers.get("Idempotent-Replayed")).toBeNull();
      expect(await collectionsIn(org.id)).toBe(1);
      expect(await collectionsIn(org2.id)).toBe(1);
    });

    it("replays a 4xx answer", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const path = `/orgs/${org.id}/collections`;
      const bad = { title: 42 };
      const first = await api.post(path, bad, withKey("bad-body"));
      expect(first.status).toBe(400);
      const again = await api.post(path, bad, withKey("bad-body"));
      expect(again.status).toBe(400);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.text).toBe(first.text);
      const missing = `/orgs/${unique("org")}/collections`;
      expect((await api.post(missing, { title: "A" }, withKey("gone"))).status).toBe(404);
      const replayed = await api.post(missing, { title: "A" }, withKey("gone"));
      expect(replayed.status).toBe(404);
      expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    });

    it("keeps no answer for a 5xx, so a retry runs again", async () => {
      const { org, owner } = await makeOrg();
      const path = `/orgs/${org.id}/collections`;
      const api = as(owner.token);
      await api.get(`/orgs/${org.id}`); // the token is verified and remembered, for both runs
      // A dry run through the wrapped bindings finds the call number of the collection insert.
      const dry = faultyEnv();
      expect(
        (
          await callWith(dry.env, "POST", path, {
            token: owner.token,
            body: { title: "Dry" },
            ...withKey("dry"),
          })
        ).status,
      ).toBe(201);
      const n =
        dry.calls.findIndex(
          (c) => c.method === "batch" && /insert into "collections"/i.test(c.what),
        ) + 1;
      expect(n).toBeGreaterThan(0);
      const faulty = faultyEnv({ d1: n });
      const failed = await callWith(faulty.env, "POST", path, {
        token: owner.token,
        body: { title: "Retry" },
        ...withKey("retry"),
      });
      expect(failed.status).toBe(500);
      expect(faulty.failed()?.what).toMatch(/insert into "collections"/i);
      expect((await keysOf(owner.token)).map((k) => k.key)).not.toContain("retry");
      const retried = await api.post(path, { title: "Retry" }, withKey("retry"));
      expect(retried.status).toBe(201);
      expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
      expect(await collectionsIn(org.id)).toBe(2);
    });

    it("answers 400 for a malformed key, and 401 first for a bad token", async () => {
      const { org, owner } = await makeOrg();
      const path = `/orgs/${org.id}/collections`;
      for (const key of ["", "x".repeat(256), "a\x7fb", "a\tb"]) {
        const res = await as(owner.token).post(path, { title: "A" }, withKey(key));
        expect(res.status, JSON.stringify(key)).toBe(400);
        expect(res.body.error.message).toMatch(/^Idempotency-Key: /);
      }
      expect(
        (await as(owner.token).post(path, { title: "A" }, withKey("x".repeat(255)))).status,
      ).toBe(201);
      const unknown = `quire_${"A".repeat(43)}`;
      const res = await as(unknown).post(path, { title: "A" }, withKey(""));
      expect(res.status).toBe(401);
      expect((await as(unknown).post(path, undefined, withKey("k"))).status).toBe(401);
      expect(await collectionsIn(org.id)).toBe(1);
    });

    it("forgets keys after 24 h, and the scheduled job purges them", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const path = `/orgs/${org.id}/collections`;
      const start = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      expect((await api.post(path, { title: "A" }, withKey("day"))).status).toBe(201);
      vi.setSystemTime(start + 23 * 3600_000);
      const within = await api.post(path, { title: "A" }, withKey("day"));
      expect(within.headers.get("Idempotent-Replayed")).toBe("true");
      vi.setSystemTime(start + IDEMPOTENCY_TTL_MS + 1000);
      const after = await api.post(path, { title: "A" }, withKey("day"));
      expect(after.status).toBe(201);
      expect(after.headers.get("Idempotent-Replayed")).toBeNull();
      expect(await collectionsIn(org.id)).toBe(2);
      vi.useRealTimers();

      // Old keys (another one, 25 h old) go with the cron trigger; the fresh one stays.
      await insertKey(owner.token, "old", new Date(start - 25 * 3600_000).toISOString());
      const log = vi.spyOn(console, "log");
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: new Date(start + 1000), cron: "17 * * * *" }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      const line = log.mock.calls.map((a) => String(a[0])).find((l) => l.includes('"scheduled"'));
      expect(JSON.parse(line!).jobs.idempotency.keys).toBeGreaterThanOrEqual(1);
      expect((await keysOf(owner.token)).map((k) => k.key)).toEqual(["day"]);
    });
  });
});

describe("idempotency-bodies", () => {
  beforeAll(emptyStorage);
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
      expect(
        (await postMerge(owner, space.id, cr.id)).headers.get("Idempotent-Replayed"),
      ).toBeNull();
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
});

describe("large-bodies", () => {
  beforeAll(emptyStorage);
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
});
