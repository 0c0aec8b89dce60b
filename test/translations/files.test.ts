import { describe, expect, it } from "vitest";
import { commitToMain } from "../../src/services/content/commit-to-main";
import { as } from "../helpers/api";
import { reloadSpace, seedMainFile } from "../helpers/content-factories";
import { makeOrg, testDb, unique } from "../helpers/factories";
import { fixtureAfterMain } from "../helpers/after-main";
import { makeSourceSpace, makeTranslation, runAndWait } from "../helpers/translations-factories";

/** Removes a file from the space's main as a new main revision (the versioned-content core). */
async function removeMainFile(
  spaceId: string,
  userId: string,
  file: Awaited<ReturnType<typeof seedMainFile>>,
) {
  await commitToMain(
    testDb(),
    {
      state: { space: await reloadSpace(spaceId) },
      userId,
      prepare: async () => ({
        type: "edits",
        parents: [],
        pages: [],
        files: [{ ...file, deleted: true }],
        documents: [],
      }),
      reload: async ({ space }) => ({ space: await reloadSpace(space.id) }),
      raceMessage: "main changed",
    },
    fixtureAfterMain(),
  );
}

/** The names of the files on a space's main, through the API. */
async function fileNames(token: string, spaceId: string) {
  const res = await as(token).get(`/spaces/${spaceId}/content/files`);
  expect(res.status, res.text).toBe(200);
  return (res.body.items as { name: string }[]).map((f) => f.name).sort();
}

describe("translation runs: files", { timeout: 150_000 }, () => {
  it("copies the source's files and removes those removed from the source on the next run", async () => {
    const { org, owner } = await makeOrg();
    const marker = unique("mk").replace(/[^a-z0-9]/gi, "");
    const { space } = await makeSourceSpace(org.id, owner, marker, 1);
    const bytes = (s: string) => new TextEncoder().encode(s);
    const kept = await seedMainFile(space.id, {
      name: "kept.txt",
      contentType: "text/plain",
      bytes: bytes("kept"),
    });
    const gone = await seedMainFile(space.id, {
      name: "gone.txt",
      contentType: "text/plain",
      bytes: bytes("gone"),
    });
    const t = await makeTranslation(owner.token, org.id, space.id);
    const first = await runAndWait(owner.token, org.id, t.id);
    expect(first.error, JSON.stringify(first.error)).toBeUndefined();
    expect(await fileNames(owner.token, first.result.space)).toEqual(["gone.txt", "kept.txt"]);

    await removeMainFile(space.id, owner.user.id, gone);
    expect(await fileNames(owner.token, space.id)).toEqual(["kept.txt"]);
    const second = await runAndWait(owner.token, org.id, t.id);
    expect(second.error, JSON.stringify(second.error)).toBeUndefined();
    expect(second.stats).toMatchObject({ runs: 2, latestPages: 0 });
    expect(second.result.revision).not.toBe(first.result.revision);
    expect(await fileNames(owner.token, second.result.space)).toEqual(["kept.txt"]);
    const file = await as(owner.token).get(
      `/spaces/${second.result.space}/content/files/${kept.fileId}`,
    );
    expect(file.status).toBe(200);

    // Nothing changed since: the third run writes no revision.
    const third = await runAndWait(owner.token, org.id, t.id);
    expect(third.result.revision).toBe(second.result.revision);
  });
});
