import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { publishScript, settledEvent } from "../helpers/integration-events-factories";
import { integrationName, publish } from "../helpers/integrations-factories";
import { guardScript } from "../../src/services/integrations/guard";

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
    const run = new Function("T", `${guarded}; return [f(3), g(2)];`) as (t: () => void) => unknown;
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
