import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, type CallOptions } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { createCr, postContent } from "../helpers/change-requests-factories";

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
