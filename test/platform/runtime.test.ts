import {
  env,
  createExecutionContext,
  createMessageBatch,
  getQueueResult,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it, vi, beforeAll } from "vitest";
import { call, type CallOptions, as } from "../helpers/api";
import { makeOrg, makeUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { createCr, postContent } from "../helpers/change-requests-factories";
import { createApp } from "../../src/app";
import { z } from "zod";
import { createJobConsumer, backoffSeconds } from "../../src/jobs/consumer";
import { PermanentJobError, defineJob } from "../../src/jobs/define";
import worker from "../../src/index";
import { runScheduled } from "../../src/scheduled";
import { OutboundError, createOutbound } from "../../src/outbound";
import { lookupTxt, txtText } from "../../src/outbound/txt";
import { makeCollection } from "../helpers/collections-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeCommentWorld } from "../helpers/comments-factories";
import { smallSpecText } from "../helpers/openapi-factories";
import { z as honoZ } from "@hono/zod-openapi";
import * as zodV4 from "zod/v4";
import * as zodCore from "zod/v4/core";
import { emptyStorage } from "../helpers/storage";

describe("d1-sessions", () => {
  // Every request runs on a D1 session (read replication): the DB binding is wrapped so the test
  // sees each `withSession` constraint, and any query sent on the binding itself, off a session.
  function spiedDb() {
    const log = { sessions: [] as string[], direct: 0 };
    const target = env.DB;
    const db = new Proxy(target, {
      get(_, prop) {
        if (prop === "withSession") {
          return (constraint?: string) => {
            log.sessions.push(constraint ?? "(none)");
            return target.withSession(constraint);
          };
        }
        if (prop === "prepare" || prop === "batch" || prop === "exec") {
          return (...args: unknown[]) => {
            log.direct++;
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === "function" ? (value as () => unknown).bind(target) : value;
      },
    });
    return { log, bindings: { ...env, DB: db } as CallOptions["bindings"] };
  }

  const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

  describe("D1 sessions", () => {
    it("runs reads on an unconstrained session and writes from the primary, never off a session", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const spy = spiedDb();
      const opts = { token: owner.token, bindings: spy.bindings };

      const read = await call("GET", `/spaces/${space.id}`, opts);
      expect(read.status).toBe(200);
      // The request's own session; the token's lastUsedAt, written after the answer, has its own.
      expect(spy.log.sessions[0]).toBe("first-unconstrained");
      expect(spy.log.sessions.slice(1).every((s) => s === "first-primary")).toBe(true);

      const write = await call("PATCH", `/spaces/${space.id}`, { ...opts, body: { title: "New" } });
      expect(write.status).toBe(200);
      expect(spy.log.sessions.at(-1)).toBe("first-primary");

      const list = await call("GET", `/orgs/${org.id}/spaces`, opts);
      expect(list.status).toBe(200);
      const deleted = await call("DELETE", `/spaces/${space.id}`, opts);
      expect(deleted.status).toBe(204);
      expect(spy.log.sessions.at(-1)).toBe("first-primary");
      expect(spy.log.direct).toBe(0);
    });

    it("gives the work after a merge (search indexing, the live rooms) primary sessions of its own", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const cr = await createCr(owner, space.id);
      const page = { operation: "insert_page", title: "Hello", document: { markdown: "Hello" } };
      expect((await postContent(owner, space.id, cr.id, [page])).status).toBe(200);
      const spy = spiedDb();
      const merged = await call("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`, {
        token: owner.token,
        bindings: spy.bindings,
      });
      expect(merged.status).toBe(200);
      // The request's, the after-main hooks', and the live rooms' tell after the answer.
      expect(spy.log.sessions).toEqual(["first-primary", "first-primary", "first-primary"]);
      expect(spy.log.direct).toBe(0);
    });

    it("returns the session's bookmark and honours the one a client sends back", async () => {
      const { org, owner } = await makeOrg();
      const write = await call("POST", `/orgs/${org.id}/spaces`, {
        token: owner.token,
        body: { title: "Fresh" },
      });
      expect(write.status).toBe(201);
      const bookmark = write.headers.get("X-Quire-Bookmark");
      expect(bookmark).toMatch(BOOKMARK);

      const spy = spiedDb();
      const read = await call("GET", `/spaces/${write.body.id}`, {
        token: owner.token,
        bindings: spy.bindings,
        headers: { "X-Quire-Bookmark": bookmark! },
      });
      expect(read.status).toBe(200);
      expect(spy.log.sessions).toEqual([bookmark]);
      // The session moved at least to the write's bookmark (bookmarks order lexically).
      expect(read.headers.get("X-Quire-Bookmark")! >= bookmark!).toBe(true);
    });

    it("refuses a malformed bookmark with a 400 naming the header", async () => {
      const { owner } = await makeOrg();
      const res = await call("GET", "/user", {
        token: owner.token,
        headers: { "X-Quire-Bookmark": "not-a-bookmark" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain("X-Quire-Bookmark");
    });
  });
});

describe("errors", () => {
  beforeAll(emptyStorage);
  describe("the wire contract for errors", () => {
    it("answers an unknown route with a JSON 404", async () => {
      const { token } = await makeUser();
      const res = await as(token).get("/no/such/route");
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: { code: 404, message: expect.stringContaining("No route") },
      });
    });

    it("answers a wrong method with a JSON 405 and an Allow header", async () => {
      const { token } = await makeUser();
      const res = await as(token).patch("/user", {});
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
      expect(res.body.error.code).toBe(405);
    });

    it("answers malformed JSON with a 400 that says so", async () => {
      const { token } = await makeUser();
      const res = await call("POST", "/user/tokens", {
        token,
        rawBody: "{not json",
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/malformed JSON/i);
    });

    it("names the offending field and the rule in a validation 400", async () => {
      const { token } = await makeUser();
      const res = await as(token).post("/user/tokens", { label: "" });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^body\.label: /);
      const extra = await as(token).post("/user/tokens", { label: "ok", bogus: 1 });
      expect(extra.status).toBe(400);
      expect(extra.body.error.message).toMatch(/bogus/);
      const query = await as(token).get("/user/tokens", { query: { limit: 5000 } });
      expect(query.status).toBe(400);
      expect(query.body.error.message).toMatch(/^query\.limit: /);
    });

    it("answers a body over 1 MiB with 413 before parsing it", async () => {
      const { token } = await makeUser();
      const res = await call("POST", "/user/tokens", {
        token,
        rawBody: JSON.stringify({ label: "x".repeat(1024 * 1024 + 10) }),
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe(413);
    });

    it("answers 401 with the error body for a missing token", async () => {
      const res = await call("GET", "/user");
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
    });

    it("hides internals in a 500 and carries the logged request id", async () => {
      const app = createApp();
      app.get("/v1/explode", () => {
        throw new Error("secret database detail");
      });
      const { token } = await makeUser();
      const res = await app.request(
        "/v1/explode",
        { headers: { Authorization: `Bearer ${token}` } },
        env,
      );
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error: { code: number; message: string } };
      expect(body.error.code).toBe(500);
      expect(body.error.message).not.toMatch(/secret|stack|Error:/);
      const requestId = res.headers.get("X-Request-Id");
      expect(requestId).toBeTruthy();
      expect(body.error.message).toContain(requestId!);
    });
  });
});

describe("jobs", () => {
  beforeAll(emptyStorage);
  // The consumer's contract (routing, validation, retries, the final failed state), driven with
  // the runtime's own MessageBatch; the areas' jobs run on the real local queue in their tests.
  const seen: { payload: { n: number }; attempt: number }[] = [];
  const failed: string[] = [];

  const flaky = defineJob({
    kind: "test.flaky",
    payload: z.object({ n: z.number() }),
    maxAttempts: 3,
    async run(payload, ctx) {
      seen.push({ payload, attempt: ctx.attempt });
      if (payload.n === 1) throw new Error("transient");
      if (payload.n === 2) throw new PermanentJobError("hopeless");
    },
    async onFailed(payload, error) {
      failed.push(`${payload.n}:${error instanceof Error ? error.message : ""}`);
    },
  });

  const consume = createJobConsumer({ jobs: [flaky], mainRevisionHooks: [] });

  async function deliver(body: unknown, attempts: number) {
    const batch = createMessageBatch("quire-jobs", [
      { id: crypto.randomUUID(), timestamp: new Date(), attempts, body },
    ]);
    const ctx = createExecutionContext();
    await consume(batch, env);
    return (await getQueueResult(batch, ctx)).explicitAcks.length === 1 ? "ack" : "retry";
  }

  async function failures(kind: string) {
    const rows = await env.DB.prepare(
      "SELECT kind, error, attempts FROM job_failures WHERE kind = ?",
    )
      .bind(kind)
      .all<{ kind: string; error: string; attempts: number }>();
    return rows.results;
  }

  describe("job consumer", () => {
    it("runs a job and acknowledges it", async () => {
      expect(await deliver({ kind: "test.flaky", payload: { n: 0 }, queuedAt: 0 }, 1)).toBe("ack");
      expect(seen.at(-1)).toEqual({ payload: { n: 0 }, attempt: 1 });
    });

    it("retries a failing job until its last attempt, then records the failure", async () => {
      const body = { kind: "test.flaky", payload: { n: 1 }, queuedAt: 0 };
      expect(await deliver(body, 1)).toBe("retry");
      expect(await deliver(body, 2)).toBe("retry");
      expect(failed).not.toContain("1:transient");
      expect(await deliver(body, 3)).toBe("ack");
      expect(failed).toContain("1:transient");
      expect(await failures("test.flaky")).toContainEqual({
        kind: "test.flaky",
        error: "transient",
        attempts: 3,
      });
    });

    it("fails a permanent error at once", async () => {
      expect(await deliver({ kind: "test.flaky", payload: { n: 2 }, queuedAt: 0 }, 1)).toBe("ack");
      expect(failed).toContain("2:hopeless");
    });

    it("drops messages no job accepts", async () => {
      expect(await deliver({ kind: "test.unknown", payload: {}, queuedAt: 0 }, 1)).toBe("ack");
      expect(await deliver({ kind: "test.flaky", payload: { n: "x" }, queuedAt: 0 }, 1)).toBe(
        "ack",
      );
      expect(await deliver("not an object", 1)).toBe("ack");
    });

    it("backs off exponentially from the configured base", () => {
      expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "10" }, 1)).toBe(10);
      expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "10" }, 3)).toBe(40);
      expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "10" }, 20)).toBe(3600);
      expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "0" }, 4)).toBe(0);
      expect(backoffSeconds({}, 1)).toBe(10);
    });
  });
});

describe("scheduled", () => {
  beforeAll(emptyStorage);
  describe("the cron trigger", () => {
    it("runs the scheduled jobs through the Worker's scheduled entry and logs a report", async () => {
      const log = vi.spyOn(console, "log");
      const controller = createScheduledController({
        scheduledTime: new Date("2026-01-02T03:17:00Z"),
        cron: "17 * * * *",
      });
      const ctx = createExecutionContext();
      await worker.scheduled(controller, env, ctx);
      await waitOnExecutionContext(ctx);
      const line = log.mock.calls
        .map((args) => String(args[0]))
        .find((l) => l.includes('"scheduled"'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!).scheduled).toBe("2026-01-02T03:17:00.000Z");
      log.mockRestore();
    });

    it("returns one report entry per registered job", async () => {
      const report = await runScheduled(env, Date.now());
      expect(typeof report).toBe("object");
    });
  });
});

describe("outbound", () => {
  beforeAll(emptyStorage);
  // The outbound fetcher against the fake internet of test/network (the network boundary). The
  // areas that use it (spec URLs, translation engines, dev tunnels) test it through their routes.
  const outbound = createOutbound(env);

  async function refusal(url: string, init?: Parameters<typeof outbound.request>[1]) {
    const error = await outbound.request(url, init).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundError);
    return (error as OutboundError).code;
  }

  describe("outbound fetcher", () => {
    it("fetches a public URL and reads the whole body", async () => {
      const res = await outbound.request("https://echo.example.com/hello", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "hi",
      });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ method: "POST", body: "hi" });
    });

    it.each([
      "ftp://echo.example.com/x",
      "file:///etc/passwd",
      "https://user:pw@echo.example.com/",
      "not a url",
    ])("refuses %s as an invalid URL", async (url) => {
      expect(await refusal(url)).toBe("invalid_url");
    });

    it.each([
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://localhost:8787/",
      "http://api.localhost/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://10.1.2.3/",
      "http://172.20.0.1/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      "http://[64:ff9b::a9fe:a9fe]/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "http://metadata.google.internal/",
      "http://intranet/",
      "http://printer.local/",
      "https://rebind.example.com/",
      "https://loopback.example.com/",
      "https://mapped.example.com/",
    ])("refuses %s as a non-public address", async (url) => {
      expect(await refusal(url)).toBe("blocked_address");
    });

    it("re-checks every redirect and refuses one that leads inside", async () => {
      const to = encodeURIComponent("http://169.254.169.254/latest/meta-data/");
      expect(await refusal(`https://echo.example.com/redirect?to=${to}`)).toBe("blocked_address");
    });

    it("follows public redirects, at most five", async () => {
      const ok = await outbound.request(
        `https://echo.example.com/redirect?to=${encodeURIComponent("https://echo.example.com/end")}`,
      );
      expect(ok.url).toBe("https://echo.example.com/end");
      let url = "https://echo.example.com/end";
      for (let i = 0; i < 6; i++)
        url = `https://echo.example.com/redirect?to=${encodeURIComponent(url)}`;
      expect(await refusal(url)).toBe("too_many_redirects");
    });

    it("drops credentials on a redirect to another origin, keeps them on the same one", async () => {
      const headers = { authorization: "Bearer secret" };
      const same = encodeURIComponent("https://echo.example.com/end");
      const kept = await outbound.request(`https://echo.example.com/redirect?to=${same}`, {
        headers,
      });
      expect(kept.json()).toMatchObject({ headers: { authorization: "Bearer secret" } });
      const other = encodeURIComponent("https://other.example.com/end");
      const res = await outbound.request(`https://echo.example.com/redirect?to=${other}`, {
        headers,
      });
      expect(res.json()).toMatchObject({ url: "https://other.example.com/end" });
      expect(
        (res.json() as { headers: Record<string, string> }).headers.authorization,
      ).toBeUndefined();
    });

    it("turns a POST into a GET on a 303", async () => {
      const to = encodeURIComponent("https://echo.example.com/end");
      const res = await outbound.request(`https://echo.example.com/redirect?status=303&to=${to}`, {
        method: "POST",
        body: "x",
      });
      expect(res.json()).toMatchObject({ method: "GET", body: "" });
    });

    it("caps the response size and the time", async () => {
      const big = outbound.request("https://echo.example.com/bytes/2048", {}, { maxBytes: 1024 });
      await expect(big).rejects.toMatchObject({ code: "too_large" });
      const slow = outbound.request("https://echo.example.com/slow/2000", {}, { timeoutMs: 200 });
      await expect(slow).rejects.toMatchObject({ code: "timeout" });
    });

    it("reaches loopback only when local development allows it", async () => {
      const local = createOutbound({
        ...env,
        OUTBOUND_ALLOW_LOOPBACK: "true",
        PUBLIC_APP_URL: "http://localhost:8787/app",
      });
      const error = await local.request("http://10.0.0.1/").catch((e: unknown) => e);
      expect((error as OutboundError).code).toBe("blocked_address");
      // Loopback passes the check (the fake internet then answers 502 for an unknown host).
      const res = await local.request("http://localhost:9/");
      expect(res.status).toBe(502);
      // The var alone is not enough: a deployment whose app is not on this machine refuses.
      const deployed = createOutbound({ ...env, OUTBOUND_ALLOW_LOOPBACK: "true" });
      const refused = await deployed.request("http://localhost:9/").catch((e: unknown) => e);
      expect((refused as OutboundError).code).toBe("blocked_address");
    });

    it("looks TXT records up over DoH: split strings joined, NXDOMAIN apart from a resolver down", async () => {
      expect(txtText('"quire-verification=" "abc\\"d"')).toBe('quire-verification=abc"d');
      expect(txtText("bare value")).toBe("bare value");
      // NXDOMAIN is "no record"; the resolver's host is not resolved through itself (one request).
      expect(await lookupTxt(outbound, undefined, "_quire.nothing.example")).toEqual({
        ok: true,
        values: [],
      });
      const down = await lookupTxt(outbound, undefined, "_quire.x.resolver-down.example");
      expect(down).toEqual({ ok: false, reason: "the DNS resolver answered HTTP 503" });
      const elsewhere = await lookupTxt(
        outbound,
        "https://nowhere.invalid/dns-query",
        "_quire.a.b",
      );
      expect(elsewhere.ok).toBe(false);
    });
  });
});

describe("validation-messages", () => {
  beforeAll(emptyStorage);
  describe("400 messages name the field and what it expects", () => {
    it("reports a wrong type inside a union as the field's type, never as an unknown key", async () => {
      const w = await makeCommentWorld();
      const post = (body: unknown) =>
        as(w.owner.token).post(`/spaces/${w.space.id}/comments`, body);
      // `{markdown: 5}` fits no branch; the empty-object branch alone used to answer for it.
      const wrong = await post({ body: { markdown: 5 } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(
        "body.body.markdown: Invalid input: expected string, received number",
      );
      const document = await post({ body: { document: "text" } });
      expect(document.body.error.message).toBe(
        "body.body.document: Invalid input: expected record, received string",
      );
      // A key no branch knows is still said to be unknown, at the object that has it.
      const stray = await post({ body: { html: "<p>x</p>" } });
      expect(stray.status).toBe(400);
      expect(stray.body.error.message).toBe('body.body: Unrecognized key: "html"');
      expect((await post({ body: {} })).status).toBe(200);
    });

    it("does the same for a page's document in a content batch", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const cr = await createCr(owner, space.id);
      const insert = (document: unknown) =>
        postContent(owner, space.id, cr.id, [{ operation: "insert_page", title: "X", document }]);
      const wrong = await insert({ markdown: 5 });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(
        "body.changes[0].document.markdown: Invalid input: expected string, received number",
      );
      const stray = await insert({ html: "<p>x</p>" });
      expect(stray.body.error.message).toBe('body.changes[0].document: Unrecognized key: "html"');
    });

    it("names a wrong type ahead of an unknown key, and the union branch the input meant", async () => {
      const { org, owner } = await makeOrg();
      const post = (body: unknown) => as(owner.token).post(`/orgs/${org.id}/openapi`, body);
      const text = await post({ slug: "a", source: { text: 5 } });
      expect(text.status).toBe(400);
      expect(text.body.error.message).toBe(
        "body.source.text: Invalid input: expected string, received number",
      );
      const url = await post({ slug: "a", source: { url: 5 } });
      expect(url.body.error.message).toMatch(/^body\.source\.url: .*received number/);
      const both = await post({ slug: 5, extra: true, source: { text: smallSpecText() } });
      expect(both.body.error.message).toBe(
        "body.slug: Invalid input: expected string, received number",
      );
      const extra = await post({ slug: "a", extra: true, source: { text: smallSpecText() } });
      expect(extra.body.error.message).toBe('body: Unrecognized key: "extra"');
    });
  });

  describe("a union of plain values", () => {
    it("lists every value it accepts", async () => {
      const { org, owner } = await makeOrg();
      const col = await makeCollection(org.id);
      const res = await as(owner.token).patch(`/collections/${col.id}`, { defaultLevel: "owner" });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        'body.defaultLevel: Invalid input: expected "read" | "comment" | "edit" | "review" | "create" | "admin" | null | "inherit"',
      );
    });
  });

  describe("415: a body that is not JSON", () => {
    it("says what was sent and to send Content-Type: application/json", async () => {
      const { org, owner } = await makeOrg();
      const body = JSON.stringify({ slug: "a", source: { text: smallSpecText() } });
      for (const [type, said] of [
        ["text/plain; charset=utf-8", '"text/plain"'],
        ["application/x-www-form-urlencoded", '"application/x-www-form-urlencoded"'],
      ] as const) {
        const res = await call("POST", `/orgs/${org.id}/openapi`, {
          token: owner.token,
          rawBody: body,
          headers: { "Content-Type": type },
        });
        expect(res.status, type).toBe(415);
        expect(res.body.error.code).toBe(415);
        expect(res.body.error.message).toContain(said);
        expect(res.body.error.message).toContain("Content-Type: application/json");
      }
    });
  });
});

describe("zod-shipped", () => {
  /** A namespace's members by name (the shipped one has members its declared type lacks). */
  const members = (ns: object) => ns as Record<string, unknown>;

  describe("the zod the Worker ships (src/platform/zod, wrangler.toml's alias)", () => {
    it("is zod's namespace, export for export, with English as its only locale", () => {
      const shipped = members(z);
      const full = members(zodV4.z);
      expect(shipped).not.toBe(full);
      expect(Object.keys(shipped).sort()).toEqual([...Object.keys(full), "z"].sort());
      for (const key of Object.keys(full)) {
        if (key !== "locales" && key !== "core")
          expect([key, shipped[key]]).toEqual([key, full[key]]);
      }
      const core = members(z.core);
      expect(Object.keys(core).sort()).toEqual(Object.keys(zodCore).sort());
      for (const key of Object.keys(zodCore)) {
        if (key !== "locales") expect(core[key]).toBe(members(zodCore)[key]);
      }
      expect(Object.keys(z.locales)).toEqual(["en"]);
      expect(z.locales.en).toBe(zodV4.z.locales.en);
      expect(z.core.locales).toBe(z.locales);
    });

    it("is the zod @hono/zod-openapi extends, and answers in English", () => {
      expect(honoZ).toBe(z);
      expect(typeof z.string().openapi).toBe("function");
      const result = z.object({ name: z.string() }).safeParse({ name: 1 });
      expect(result.error?.issues[0]?.message).toBe(
        "Invalid input: expected string, received number",
      );
    });
  });
});
