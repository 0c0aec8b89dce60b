import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { publishAndInstall } from "../helpers/integrations-factories";
import { makeSite } from "../helpers/sites-factories";

describe("installation tokens", () => {
  it("reads only the selected spaces of the installation's organization", async () => {
    const { org, owner } = await makeOrg();
    const selected = await makeSpace(org.id, owner);
    const unselected = await makeSpace(org.id, owner);
    const other = await makeOrg();
    const foreign = await makeSpace(other.org.id, other.owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const base = `/integrations/${name}/installations/${installation.id}`;
    await as(owner.token).post(`${base}/spaces`, { space: selected.id });
    const issued = await as(owner.token).post(`${base}/tokens`);
    expect(issued.status, issued.text).toBe(200);
    const token = issued.body.token as string;
    expect(token).toMatch(/^quire_/);
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeLessThanOrEqual(3600_000);
    const bot = as(token);
    expect((await bot.get(`/spaces/${selected.id}`)).status).toBe(200);
    expect((await bot.get(`/spaces/${unselected.id}`)).status).toBe(404);
    expect((await bot.get(`/spaces/${foreign.id}`)).status).toBe(404);
    expect((await bot.get(`/orgs/${other.org.id}`)).status).toBe(404);
    // Read scopes only: no writes even where it can read.
    const write = await bot.patch(`/spaces/${selected.id}`, { title: "Taken over" });
    expect(write.status).toBe(403);
    // The installation reads itself, but cannot manage it.
    expect((await bot.get(base)).status).toBe(200);
    expect((await bot.delete(base)).status).toBe(403);
  });

  it("reads every space when the selection is all, and nothing after uninstall", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const base = `/integrations/${name}/installations/${installation.id}`;
    await as(owner.token).patch(base, { space_selection: "all" });
    const { token } = (await as(owner.token).post(`${base}/tokens`)).body;
    expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(200);
    await as(owner.token).delete(base);
    expect((await as(token).get(`/spaces/${space.id}`)).status).toBe(401);
  });

  it("writes with space:content:write on a selected space", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id, {
      scopes: ["space:content:write"],
    });
    const base = `/integrations/${name}/installations/${installation.id}`;
    await as(owner.token).post(`${base}/spaces`, { space: space.id });
    const { token } = (await as(owner.token).post(`${base}/tokens`)).body;
    const cr = await as(token).post(`/spaces/${space.id}/change-requests`, { subject: "Bot" });
    expect(cr.status, cr.text).toBe(201);
  });

  it("reads only the sites it was installed on while sites are selected, every site with all", async () => {
    const { org, owner } = await makeOrg();
    const chosen = await makeSite(org.id, owner);
    const other = await makeSite(org.id, owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id, {
      scopes: ["space:content:read", "site:metadata:read"],
    });
    const base = `/integrations/${name}/installations/${installation.id}`;
    expect((await as(owner.token).post(`${base}/sites`, { siteId: chosen.id })).status).toBe(201);
    const { token } = (await as(owner.token).post(`${base}/tokens`)).body;
    const bot = as(token);
    expect((await bot.get(`/orgs/${org.id}/sites/${chosen.id}`)).status).toBe(200);
    expect((await bot.get(`/orgs/${org.id}/sites/${other.id}`)).status).toBe(404);
    expect((await bot.get(`/orgs/${org.id}/sites`)).status).toBe(403);
    // Read only, even on its own site.
    const write = await bot.patch(`/orgs/${org.id}/sites/${chosen.id}`, { title: "Taken" });
    expect(write.status).toBe(403);
    await as(owner.token).patch(base, { site_selection: "all" });
    expect((await bot.get(`/orgs/${org.id}/sites/${other.id}`)).status).toBe(200);
  });
});
