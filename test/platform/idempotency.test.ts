import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { requestFingerprint } from "../../src/services/idempotency/seal";
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from "../../src/services/idempotency/keys";
import { as, d1Cost } from "../helpers/api";
import { makeOrg, makeUser, unique } from "../helpers/factories";
import { callWith, faultyEnv } from "../helpers/faults";
import { collectionsIn, insertKey, keysOf, withKey } from "../helpers/idempotency-factories";

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
    expect((await as(owner.token).post(path, { title: "A" }, withKey("shared"))).status).toBe(201);
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
