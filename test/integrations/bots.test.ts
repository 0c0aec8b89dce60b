import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { integrationInstallations } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { makeTeam } from "../helpers/teams-factories";
import { publishAndInstall } from "../helpers/integrations-factories";

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
