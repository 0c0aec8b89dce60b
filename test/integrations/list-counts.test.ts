import { describe, expect, it } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { integrationName, publish } from "../helpers/integrations-factories";

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
