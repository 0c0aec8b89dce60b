import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrg, makeOrgWithRoles } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite } from "../helpers/sites-factories";
import { integrationName, publish, publishAndInstall } from "../helpers/integrations-factories";

describe("installations", () => {
  it("installs in an organization and reads, lists, updates and uninstalls it", async () => {
    const { org, owner } = await makeOrg();
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    expect(installation).toMatchObject({
      status: "active",
      space_selection: "selected",
      site_selection: "selected",
      spaces: 0,
      target: { organization: org.id },
      externalIds: [],
    });
    const path = `/integrations/${name}/installations/${installation.id}`;
    expect((await as(owner.token).get(path)).body.id).toBe(installation.id);
    const list = await as(owner.token).get(`/integrations/${name}/installations`);
    expect(list.body).toMatchObject({ count: 1, items: [{ id: installation.id }] });
    const patched = await as(owner.token).patch(path, {
      configuration: { color: "blue" },
      externalIds: ["ext-1"],
      space_selection: "all",
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      configuration: { color: "blue" },
      externalIds: ["ext-1"],
      space_selection: "all",
    });
    const byExternal = await as(owner.token).get(`/integrations/${name}/installations`, {
      query: { externalId: "ext-1" },
    });
    expect(byExternal.body.count).toBe(1);
    const none = await as(owner.token).get(`/integrations/${name}/installations`, {
      query: { externalId: "ext-2" },
    });
    expect(none.body.count).toBe(0);
    expect((await as(owner.token).delete(path)).status).toBe(204);
    expect((await as(owner.token).get(path)).status).toBe(404);
    expect((await as(owner.token).delete(path)).status).toBe(204);
  });

  it("refuses a second installation in the same organization (409)", async () => {
    const { org, owner } = await makeOrg();
    const { name } = await publishAndInstall(owner.token, org.id);
    const again = await as(owner.token).post(`/integrations/${name}/installations`, {
      organization: org.id,
    });
    expect(again.status).toBe(409);
  });

  it("installs a public integration in another organization, never a private one", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg();
    const publicName = integrationName();
    await publish(owner.token, publicName, org.id, { visibility: "public" });
    const ok = await as(other.owner.token).post(`/integrations/${publicName}/installations`, {
      organization: other.org.id,
    });
    expect(ok.status, ok.text).toBe(201);
    const privateName = integrationName();
    await publish(owner.token, privateName, org.id);
    const hidden = await as(other.owner.token).post(`/integrations/${privateName}/installations`, {
      organization: other.org.id,
    });
    expect(hidden.status).toBe(404);
    // The integration's admins see every installation; the other organization only its own.
    const seenByOwner = await as(owner.token).get(`/integrations/${publicName}/installations`);
    expect(seenByOwner.body.count).toBe(1);
    const mine = await as(other.owner.token).get(`/integrations/${publicName}/installations`);
    expect(mine.body.count).toBe(1);
  });

  it("needs an admin of the target organization to install", async () => {
    const world = await makeOrgWithRoles();
    const name = integrationName();
    await publish(world.owner.token, name, world.org.id);
    const byEditor = await as(world.roles.create.token).post(
      `/integrations/${name}/installations`,
      {
        organization: world.org.id,
      },
    );
    expect(byEditor.status).toBe(403);
  });

  it("installs on spaces and sites, lists them and uninstalls", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const site = await makeSite(org.id, owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const base = `/integrations/${name}/installations/${installation.id}`;
    const onSpace = await as(owner.token).post(`${base}/spaces`, { space: space.id });
    expect(onSpace.status, onSpace.text).toBe(201);
    expect(onSpace.body).toMatchObject({
      integration: name,
      installation: installation.id,
      space: space.id,
      status: "active",
    });
    const onSite = await as(owner.token).post(`${base}/sites`, { siteId: site.id });
    expect(onSite.status, onSite.text).toBe(201);
    expect(onSite.body).toMatchObject({ site: site.id });
    expect((await as(owner.token).get(base)).body.spaces).toBe(1);
    const spaces = await as(owner.token).get(`/integrations/${name}/spaces`);
    expect(spaces.body).toMatchObject({ count: 1, items: [{ space: space.id }] });
    const sites = await as(owner.token).get(`${base}/sites`);
    expect(sites.body).toMatchObject({ count: 1, items: [{ site: site.id }] });
    const patched = await as(owner.token).patch(`${base}/spaces/${space.id}`, {
      configuration: { channel: "#docs" },
    });
    expect(patched.body.configuration).toEqual({ channel: "#docs" });
    expect((await as(owner.token).get(`${base}/spaces/${space.id}`)).body.configuration).toEqual({
      channel: "#docs",
    });
    const onSpaceList = await as(owner.token).get(`/spaces/${space.id}/integrations`);
    expect(onSpaceList.body.items.map((i: { name: string }) => i.name)).toEqual([name]);
    const onSiteList = await as(owner.token).get(`/orgs/${org.id}/sites/${site.id}/integrations`);
    expect(onSiteList.body.items.map((i: { name: string }) => i.name)).toEqual([name]);
    expect((await as(owner.token).delete(`${base}/spaces/${space.id}`)).status).toBe(204);
    expect((await as(owner.token).get(`${base}/spaces/${space.id}`)).status).toBe(404);
    expect((await as(owner.token).get(`/spaces/${space.id}/integrations`)).body.count).toBe(0);
    expect((await as(owner.token).delete(`${base}/spaces/${space.id}`)).status).toBe(204);
  });

  it("refuses spaces of another organization (404)", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg({ owner });
    const foreign = await makeSpace(other.org.id, owner);
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const res = await as(owner.token).post(
      `/integrations/${name}/installations/${installation.id}/spaces`,
      { space: foreign.id },
    );
    expect(res.status).toBe(404);
  });

  it("lists the organization's integrations: public ones and its own", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg();
    const own = integrationName();
    await publish(owner.token, own, org.id);
    const foreignPrivate = integrationName();
    await publish(other.owner.token, foreignPrivate, other.org.id);
    const foreignUnlisted = integrationName();
    await publish(other.owner.token, foreignUnlisted, other.org.id, { visibility: "unlisted" });
    const foreignPublic = integrationName();
    await publish(other.owner.token, foreignPublic, other.org.id, { visibility: "public" });
    const res = await as(owner.token).get(`/orgs/${org.id}/integrations`, {
      query: { limit: 1000 },
    });
    const names = res.body.items.map((i: { name: string }) => i.name);
    expect(names).toContain(own);
    expect(names).toContain(foreignPublic);
    expect(names).not.toContain(foreignPrivate);
    expect(names).not.toContain(foreignUnlisted);
    // Unlisted: readable by name, not listed; private: invisible.
    expect((await as(owner.token).get(`/integrations/${foreignUnlisted}`)).status).toBe(200);
    expect((await as(owner.token).get(`/integrations/${foreignPrivate}`)).status).toBe(404);
    const all = await as(owner.token).get(`/integrations`, { query: { search: foreignUnlisted } });
    expect(all.body.count).toBe(0);
    const guest = await makeMember(org.id, null);
    expect((await as(guest.token).get(`/orgs/${org.id}/integrations`)).status).toBe(403);
  });

  it("pages the integration list with signed cursors", async () => {
    const { org, owner } = await makeOrg();
    const prefix = integrationName();
    for (const i of [1, 2, 3]) await publish(owner.token, `${prefix}-${i}`, org.id);
    const first = await as(owner.token).get(`/integrations`, {
      query: { search: prefix, limit: 2 },
    });
    expect(first.body.count).toBe(3);
    expect(first.body.items).toHaveLength(2);
    const second = await as(owner.token).get(`/integrations`, {
      query: { search: prefix, limit: 2, page: first.body.next.page },
    });
    expect(second.body.items.map((i: { name: string }) => i.name)).toEqual([`${prefix}-3`]);
    expect(second.body.next).toBeUndefined();
    const forged = await as(owner.token).get(`/integrations`, { query: { page: "abc.def" } });
    expect(forged.status).toBe(400);
  });
});
