import { describe, expect, it } from "vitest";
import { as, workerFetch } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { seedThroughCr } from "../helpers/change-requests-factories";
import { publishScript, settledEvent } from "../helpers/integration-events-factories";

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
    expect(updated.logs.some((l) => l.level === "info" && l.message.includes(space.id))).toBe(true);
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
