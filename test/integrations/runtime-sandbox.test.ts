import { describe, expect, it } from "vitest";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { publishScript, settledEvent } from "../helpers/integration-events-factories";

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
