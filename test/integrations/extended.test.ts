import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { publishAndInstall } from "../helpers/integrations-factories";

describe("extended=true on space and site installations", () => {
  it("is a 400 naming the parameter; false or absent presents ids", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const base = `/integrations/${name}/installations/${installation.id}`;
    const api = as(owner.token);
    const refused = await api.post(
      `${base}/spaces`,
      { space: space.id },
      { query: { extended: "true" } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("extended");
    const installed = await api.post(
      `${base}/spaces`,
      { space: space.id },
      { query: { extended: "false" } },
    );
    expect(installed.status, installed.text).toBe(201);
    expect(installed.body.space).toBe(space.id);
    for (const path of [
      `${base}/spaces`,
      `/integrations/${name}/spaces`,
      `${base}/spaces/${space.id}`,
    ]) {
      const res = await api.get(path, { query: { extended: "true" } });
      expect(res.status, path).toBe(400);
      expect(res.body.error.message).toContain("extended");
      expect((await api.get(path)).status).toBe(200);
    }
  });
});
