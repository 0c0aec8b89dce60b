import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeMember, makeOrg, makeOrgWithRoles, testDb } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite } from "../helpers/sites-factories";
import { integrationName, publish, publishAndInstall } from "../helpers/integrations-factories";
import { eq } from "drizzle-orm";
import { integrationInstallations } from "../../src/db/schema";
import { makeTeam } from "../helpers/teams-factories";
import { emptyStorage } from "../helpers/storage";

describe("installations", () => {
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
      const hidden = await as(other.owner.token).post(
        `/integrations/${privateName}/installations`,
        {
          organization: other.org.id,
        },
      );
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
      const all = await as(owner.token).get(`/integrations`, {
        query: { search: foreignUnlisted },
      });
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
});

describe("list-counts", () => {
  beforeAll(emptyStorage);
  /** A list answer's count, checked against its items (the whole list in one page). */
  function counted(res: ApiResponse): number {
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toHaveLength(res.body.count);
    return res.body.count as number;
  }

  describe("integration list counts", () => {
    it("follow publishes, visibility changes and unpublishes", async () => {
      const a = await makeOrg();
      const b = await makeOrg();
      const names: string[] = [];
      for (const visibility of ["private", "private", "unlisted", "public"]) {
        const name = integrationName();
        names.push(name);
        expect((await publish(a.owner.token, name, a.org.id, { visibility })).status).toBe(200);
      }
      const bPrivate = integrationName();
      await publish(b.owner.token, bPrivate, b.org.id);
      await publish(b.owner.token, integrationName(), b.org.id, { visibility: "public" });
      const all = { query: { limit: 1000 } };
      const orgList = (o: typeof a) => as(o.owner.token).get(`/orgs/${o.org.id}/integrations`, all);
      // A: its 4 and B's public one; B: its 2 and A's public one.
      expect(counted(await orgList(a))).toBe(5);
      expect(counted(await orgList(b))).toBe(3);
      expect(counted(await as(a.owner.token).get(`/integrations`, all))).toBe(5);
      // Republished public: A still sees it, B now does too.
      await publish(a.owner.token, names[0]!, a.org.id, { visibility: "public" });
      expect(counted(await orgList(a))).toBe(5);
      expect(counted(await orgList(b))).toBe(4);
      expect((await as(a.owner.token).delete(`/integrations/${names[0]}`)).status).toBe(204);
      expect((await as(b.owner.token).delete(`/integrations/${bPrivate}`)).status).toBe(204);
      expect(counted(await orgList(a))).toBe(4);
      expect(counted(await orgList(b))).toBe(2);
      expect(counted(await as(b.owner.token).get(`/integrations`, all))).toBe(2);
    });

    it("count installations and targets from counters: rows read do not grow with them", async () => {
      const { org, owner } = await makeOrg();
      const name = integrationName();
      await publish(owner.token, name, org.id, { visibility: "public" });
      const api = as(owner.token);
      const rowsRead: number[] = [];
      const installationIds: string[] = [];
      for (const size of [2, 10]) {
        while (installationIds.length < size) {
          const other = await makeOrg();
          const res = await as(other.owner.token).post(`/integrations/${name}/installations`, {
            organization: other.org.id,
          });
          expect(res.status, res.text).toBe(201);
          installationIds.push(res.body.id as string);
        }
        const page = await api.get(`/integrations/${name}/installations`, { query: { limit: 1 } });
        expect(page.body.count).toBe(size);
        expect(page.body.items).toHaveLength(1);
        const cost = d1Cost(page);
        expect(cost.rowsRead).toBeLessThanOrEqual(2 * 1 + 10);
        rowsRead.push(cost.rowsRead);
      }
      expect(rowsRead[1]).toBe(rowsRead[0]);

      // Space installations: the installation's list and the integration's.
      const mine = await api.post(`/integrations/${name}/installations`, { organization: org.id });
      expect(mine.status, mine.text).toBe(201);
      const base = `/integrations/${name}/installations/${mine.body.id}`;
      const spaces = [await makeSpace(org.id, owner), await makeSpace(org.id, owner)];
      for (const space of spaces) {
        expect((await api.post(`${base}/spaces`, { space: space.id })).status).toBe(201);
      }
      // Installing twice changes nothing.
      await api.post(`${base}/spaces`, { space: spaces[0]!.id });
      expect(counted(await api.get(`${base}/spaces`))).toBe(2);
      expect(counted(await api.get(`/integrations/${name}/spaces`))).toBe(2);
      expect((await api.delete(`${base}/spaces/${spaces[0]!.id}`)).status).toBe(204);
      expect((await api.delete(`${base}/spaces/${spaces[0]!.id}`)).status).toBe(204);
      expect(counted(await api.get(`${base}/spaces`))).toBe(1);
      expect(counted(await api.get(`/integrations/${name}/spaces`))).toBe(1);
      // Uninstalling the installation takes its targets out of the integration's count.
      expect((await api.delete(base)).status).toBe(204);
      expect(counted(await api.get(`/integrations/${name}/spaces`))).toBe(0);
      const installations = await api.get(`/integrations/${name}/installations`);
      expect(installations.body.count).toBe(10);
    }, 60_000);
  });
});

describe("tokens", () => {
  beforeAll(emptyStorage);
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
});

describe("bots", () => {
  beforeAll(emptyStorage);
  /** An installation with its bot's user id (the API never shows it: read from the database). */
  async function installedBot(token: string, organization: string, title: string) {
    const { name, installation } = await publishAndInstall(token, organization, { title });
    const base = `/integrations/${name}/installations/${installation.id}`;
    const [row] = await testDb()
      .select({ botId: integrationInstallations.botUserId })
      .from(integrationInstallations)
      .where(eq(integrationInstallations.id, installation.id as string));
    return { name, base, botId: row!.botId };
  }

  describe("installations' bot users are not people", () => {
    it("are left out of member lists, member counts, searches and member reads", async () => {
      const { org, owner } = await makeOrg();
      await makeMember(org.id, "read");
      const title = "Robotic Helper";
      const { botId, base } = await installedBot(owner.token, org.id, title);
      const api = as(owner.token);

      const list = await api.get(`/orgs/${org.id}/members`);
      expect(list.status, list.text).toBe(200);
      const ids = (list.body.items as { user: { id: string } }[]).map((m) => m.user.id);
      expect(ids).not.toContain(botId);
      expect(ids).toHaveLength(2);
      expect(list.body.count).toBe(2);
      // The member list still reads a bounded number of rows.
      expect(d1Cost(list).rowsRead).toBeLessThanOrEqual(2 * 20 + 10);

      const guests = await api.get(`/orgs/${org.id}/members`, { query: { role: "guest" } });
      expect(guests.body).toMatchObject({ count: 0, items: [] });
      const search = await api.get(`/orgs/${org.id}/members`, { query: { search: "robotic" } });
      expect(search.body).toMatchObject({ count: 0, items: [] });
      const byEmail = await api.get(`/orgs/${org.id}/members`, { query: { search: "invalid" } });
      expect(byEmail.body).toMatchObject({ count: 0, items: [] });

      const organization = await api.get(`/orgs/${org.id}`);
      expect(organization.status, organization.text).toBe(200);
      expect((await api.get(`/orgs/${org.id}/members/${botId}`)).status).toBe(404);
      expect((await api.patch(`/orgs/${org.id}/members/${botId}`, { role: "admin" })).status).toBe(
        404,
      );
      // Removing it as a member changes nothing: the bot goes with its installation.
      expect((await api.delete(`/orgs/${org.id}/members/${botId}`)).status).toBe(204);
      expect((await api.get(base)).status).toBe(200);
      const again = await api.post(`${base}/tokens`);
      expect(again.status, again.text).toBe(200);
      expect((await as(again.body.token as string).get(`/orgs/${org.id}`)).status).toBe(200);

      // After uninstalling, the counts are unchanged (the bot was never counted).
      expect((await api.delete(base)).status).toBe(204);
      const after = await api.get(`/orgs/${org.id}/members`);
      expect(after.body.count).toBe(2);
    });

    it("cannot join teams and is left out of team member lists", async () => {
      const { org, owner } = await makeOrg();
      const { botId } = await installedBot(owner.token, org.id, "Team Bot");
      const api = as(owner.token);
      const created = await api.put(`/orgs/${org.id}/teams`, { title: "T", members: [botId] });
      expect(created.status, created.text).toBe(400);
      const team = await makeTeam(org.id, { members: [{ userId: owner.user.id }] });
      const add = await api.put(`/orgs/${org.id}/teams/${team.id}/members/${botId}`);
      expect(add.status, add.text).toBe(400);
      // Even a bot put in a team behind the API's back is not listed as a person.
      const sneaked = await makeTeam(org.id, {
        members: [{ userId: botId }, { userId: owner.user.id }],
      });
      const members = await api.get(`/orgs/${org.id}/teams/${sneaked.id}/members`);
      expect(members.status, members.text).toBe(200);
      const ids = (members.body.items as { organization: { user: { id: string } } }[]).map(
        (m) => m.organization.user.id,
      );
      expect(ids).toEqual([owner.user.id]);
    });
  });
});

describe("extended", () => {
  beforeAll(emptyStorage);
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
});
