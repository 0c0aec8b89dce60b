import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import {
  createCr,
  crRow,
  mainTree,
  postContent,
  postMerge,
} from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg, testDb, type TestUser } from "../helpers/factories";
import { eventually } from "../helpers/jobs";
import { gitSync, REPO, repoUrl } from "../helpers/git-sync-factories";
import { cloneRepo, createRepo, gitOnServer, pushFromCli, repoName } from "../git/remote";
import { gitSyncs } from "../../src/db/schema";

/** A space imported from a fresh repository made of REPO; its Install page's id. */
async function syncedSpace() {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  const name = repoName("export");
  const head = await createRepo({ name, commits: [{ files: REPO, message: "Docs" }] });
  const info = await gitSync(owner, space.id, "import", { url: repoUrl(name), ref: "main" });
  expect(info.operation?.state, info.operation?.error).toBe("success");
  const install = (await mainTree(space.id)).roots[1]!.children[0]!.row.pageId;
  return { owner, space, name, head, install };
}

/** Edits a page's body on main through a change request merged by the API; answers the change request. */
async function editOnMain(user: TestUser, spaceId: string, page: string, markdown: string) {
  const cr = await createCr(user, spaceId, "Reword the install");
  const res = await postContent(user, spaceId, cr.id, [
    { operation: "update_page", page, document: { markdown } },
  ]);
  expect(res.status, res.text).toBe(200);
  const merged = await postMerge(user, spaceId, cr.id);
  expect(merged.status, merged.text).toBe(200);
  return cr as { id: string; number: number };
}

describe("Git Sync export", () => {
  it("exports nothing when nothing changed, then one commit with only the edited file", async () => {
    const { owner, space, name, head, install } = await syncedSpace();
    const none = await gitSync(owner, space.id, "export", { url: repoUrl(name), ref: "main" });
    expect(none.operation, JSON.stringify(none)).toMatchObject({
      state: "success",
      direction: "export",
    });
    // Byte for byte what the repository holds: no commit at all.
    expect((await cloneRepo(name)).head).toBe(head);

    await editOnMain(owner, space.id, install, "Run it, then check.\n");
    const done = await gitSync(owner, space.id, "export", {
      url: repoUrl(name),
      ref: "refs/heads/main",
      commitMessage: "Reword the install",
    });
    expect(done.operation?.state, done.operation?.error).toBe("success");
    const clone = await cloneRepo(name);
    expect(clone.log).toEqual(["Reword the install", "Docs"]);
    expect(clone.files["guide/install.md"]).toBe("# Install\n\nRun it, then check.\n");
    for (const path of Object.keys(REPO).filter((p) => p !== "guide/install.md"))
      expect(clone.files[path], path).toBe(REPO[path as keyof typeof REPO]);
    expect(await gitOnServer(name, "show", "--name-only", "--format=%P", "main")).toBe(
      `${head}\n\nguide/install.md\n`,
    );
    await gitOnServer(name, "fsck", "--strict");
  });

  it("removes the file of a page deleted in the space, keeps files Git Sync does not own", async () => {
    const { owner, space, name, install } = await syncedSpace();
    const cr = await createCr(owner, space.id, "Drop the install");
    const res = await postContent(owner, space.id, cr.id, [
      { operation: "delete_page", page: install },
    ]);
    expect(res.status, res.text).toBe(200);
    expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
    const done = await gitSync(owner, space.id, "export", { url: repoUrl(name), ref: "main" });
    expect(done.operation?.state, done.operation?.error).toBe("success");
    const clone = await cloneRepo(name);
    expect(clone.files["guide/install.md"]).toBeUndefined();
    expect(clone.files.LICENSE).toBe("MIT\n");
    expect(clone.files["SUMMARY.md"]).not.toContain("install.md");
  });

  it("keeps a token sealed and never answers it", async () => {
    const { owner, space, name } = await syncedSpace();
    const set = await as(owner.token).put(`/spaces/${space.id}/git/config`, {
      url: `https://git.example.com/${name}.git`,
      token: "tok-123456",
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.hasCredentials).toBe(true);
    expect(set.text).not.toContain("tok-123456");
    const [row] = await testDb().select().from(gitSyncs).where(eq(gitSyncs.spaceId, space.id));
    expect(row!.credentials).not.toContain("tok-123456");
    // The host knows no such token: the import is refused on its credentials.
    const info = await gitSync(owner, space.id, "import", {
      url: `https://git.example.com/${name}.git`,
      ref: "main",
    });
    expect(info.operation?.state).toBe("failure");
    expect(info.operation?.error).toMatch(/refused the credentials/);
    expect(JSON.stringify(info)).not.toContain("tok-123456");
  });

  it("exports each merge when set to, naming the change request; a moved branch is refused", async () => {
    const { owner, space, name, install } = await syncedSpace();
    const set = await as(owner.token).put(`/spaces/${space.id}/git/config`, {
      url: `https://git.example.com/${name}.git`,
      ref: "main",
      exportOnMerge: true,
    });
    expect(set.status, set.text).toBe(200);
    // The stored credentials stay (same repository), and are never answered.
    expect(set.body).toMatchObject({
      hasCredentials: true,
      exportOnMerge: true,
      ref: "refs/heads/main",
    });
    const cr = await editOnMain(owner, space.id, install, "Merged and exported.\n");
    const clone = await eventually(async () => {
      const now = await cloneRepo(name);
      expect(now.log[0]).toBe(`Merge change request #${cr.number}: Reword the install`);
      return now;
    });
    expect(clone.files["guide/install.md"]).toBe("# Install\n\nMerged and exported.\n");

    // Someone force-pushes the branch: the next export is refused, nothing pushed.
    const forced = await pushFromCli(name, { LICENSE: "Apache-2.0\n" }, { amend: true });
    await editOnMain(owner, space.id, install, "Not exported.\n");
    const refused = await eventually(async () => {
      const info = await as(owner.token).get(`/spaces/${space.id}/git/info`);
      expect(info.body.operation?.state).toBe("failure");
      return info.body;
    });
    expect(refused.operation.error).toMatch(/was pushed to or force-pushed since/);
    expect((await cloneRepo(name)).head).toBe(forced);
  });

  it("a change on both sides ends in a change request updated from main, its conflicts named", async () => {
    const { owner, space, name, install } = await syncedSpace();
    await pushFromCli(
      name,
      { "guide/install.md": "# Install\n\nFrom Git.\n" },
      { message: "Git side" },
    );
    await editOnMain(owner, space.id, install, "From Quire.\n");
    const info = await gitSync(owner, space.id, "import", { url: repoUrl(name), ref: "main" });
    expect(info.operation?.state).toBe("success");
    const [row] = await testDb().select().from(gitSyncs).where(eq(gitSyncs.spaceId, space.id));
    const crId = row!.importChangeRequestId!;
    const number = (await crRow(crId)).number;
    expect(info.operation?.error).toContain(`into change request #${number}; 1 conflict with main`);
    expect(info.operation?.error).toMatch(/main changed the same pages: Install\)/);
    expect(info.operation?.error).toContain(`/change-requests/${crId}/conflicts lists them`);
    // The conflicts read shows both sides of the block, nothing dropped.
    const listed = await as(owner.token).get(
      `/spaces/${space.id}/change-requests/${crId}/conflicts`,
    );
    expect(listed.body.count).toBe(1);
    const [block] = listed.body.items;
    expect(block).toMatchObject({ kind: "block", page: install, title: "Install" });
    expect(JSON.stringify(block.main)).toContain("From Quire.");
    expect(JSON.stringify(block.mine)).toContain("From Git.");
    const merge = await postMerge(owner, space.id, crId);
    expect(merge.status).toBe(409);
    expect(merge.body.error.message).toMatch(/Install/);
  });

  it("changes on both sides to different pages merge: the change request is updated from main", async () => {
    const { owner, space, name, install } = await syncedSpace();
    const next = await pushFromCli(name, { "guide/README.md": "# Guide\n\nFrom Git.\n" });
    await editOnMain(owner, space.id, install, "From Quire.\n");
    const info = await gitSync(owner, space.id, "import", { url: repoUrl(name), ref: "main" });
    expect(info.operation?.state).toBe("success");
    expect(info.operation?.error).toBeUndefined();
    const [row] = await testDb().select().from(gitSyncs).where(eq(gitSyncs.spaceId, space.id));
    const merge = await postMerge(owner, space.id, row!.importChangeRequestId!);
    expect(merge.status, merge.text).toBe(200);
    // Main holds both sides, and the next export writes Quire's side on top of Git's.
    const done = await gitSync(owner, space.id, "export", { url: repoUrl(name), ref: "main" });
    expect(done.operation?.state, done.operation?.error).toBe("success");
    const clone = await cloneRepo(name);
    expect(clone.files["guide/README.md"]).toBe("# Guide\n\nFrom Git.\n");
    expect(clone.files["guide/install.md"]).toBe("# Install\n\nFrom Quire.\n");
    expect(await gitOnServer(name, "rev-parse", "main~1")).toBe(`${next}\n`);
  });
});
