import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchSpaces } from "../../src/services/search/indexer";
import { as } from "../helpers/api";
import { reloadSpace } from "../helpers/content-factories";
import { makeOrg, testDb, unique } from "../helpers/factories";
import { publishAndInstall } from "../helpers/integrations-factories";
import { eventually } from "../helpers/jobs";
import { makeSourceSpace, makeTranslation, runAndWait } from "../helpers/translations-factories";

/** An integration event as the events list shows it. */
interface ListedEvent {
  payload: { type: string; spaceId?: string; revisionId?: string };
}

describe("a translation run's new main revision", { timeout: 150_000 }, () => {
  it("runs the after-main hooks like a merge: an integration event is queued, search indexes it", async () => {
    const { org, owner } = await makeOrg();
    const marker = unique("mk").replace(/[^a-z0-9]/gi, "");
    const { space } = await makeSourceSpace(org.id, owner, marker, 2);
    // Installed on every space of the organization, so the result space (made by the run) too.
    const { name, installation } = await publishAndInstall(owner.token, org.id);
    const all = await as(owner.token).patch(
      `/integrations/${name}/installations/${installation.id}`,
      { space_selection: "all" },
    );
    expect(all.status, all.text).toBe(200);

    const t = await makeTranslation(owner.token, org.id, space.id);
    const done = await runAndWait(owner.token, org.id, t.id);
    expect(done.error, JSON.stringify(done.error)).toBeUndefined();
    const resultId: string = done.result.space;
    const result = await reloadSpace(resultId);
    expect(result.revisionId).toBe(done.result.revision);

    // The integrations hook queued space_content_updated for the result space's new revision.
    const event = await eventually(async () => {
      const list = await as(owner.token).get(`/integrations/${name}/events`);
      expect(list.status, list.text).toBe(200);
      const found = (list.body.items as ListedEvent[]).find(
        (e) => e.payload.type === "space_content_updated" && e.payload.spaceId === resultId,
      );
      expect(found, "no space_content_updated event for the result space yet").toBeDefined();
      return found!;
    });
    expect(event.payload.revisionId).toBe(done.result.revision);

    // The search hook brought the result space's index to its main. Read from the table: a
    // search would start a catch-up of its own and prove nothing about the hook.
    await eventually(async () => {
      const [state] = await testDb()
        .select()
        .from(searchSpaces)
        .where(eq(searchSpaces.spaceId, resultId));
      expect(state?.seq).toBe(result.mainSeq);
    });
    const found = await as(owner.token).get(`/spaces/${resultId}/search`, {
      query: { query: marker },
    });
    expect(found.status, found.text).toBe(200);
    const titles = (found.body.items as { title: string }[]).map((item) => item.title).sort();
    expect(titles).toEqual([`Page-fr 0-fr ${marker}-fr`, `Page-fr 1-fr ${marker}-fr`]);
  });
});
