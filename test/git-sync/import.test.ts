import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { crTree, mainTree, markdownOfHash } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg, testDb } from "../helpers/factories";
import { gitSync, REPO, repoUrl } from "../helpers/git-sync-factories";
import { createRepo, pushFromCli, repoName } from "../git/remote";
import { changeRequests, gitSyncs } from "../../src/db/schema";

describe("Git Sync import", () => {
  it("imports a repository made with the git CLI onto main, then a CLI edit as a change request", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const name = repoName("import");
    const head = await createRepo({ name, commits: [{ files: REPO, message: "Docs" }] });
    const info = await gitSync(owner, space.id, "import", {
      url: repoUrl(name),
      ref: "refs/heads/main",
    });
    expect(info.operation, JSON.stringify(info)).toMatchObject({
      state: "success",
      direction: "import",
      stage: "finalize",
    });
    // The credentials are nowhere in an answer, and sealed at rest.
    expect(JSON.stringify(info)).not.toContain("s3cret");
    const config = await as(owner.token).get(`/spaces/${space.id}/git/config`);
    expect(config.body).toMatchObject({
      url: `https://git.example.com/${name}.git`,
      ref: "refs/heads/main",
      hasCredentials: true,
      syncedCommit: head,
    });
    expect(config.text).not.toContain("s3cret");
    const [row] = await testDb().select().from(gitSyncs).where(eq(gitSyncs.spaceId, space.id));
    expect(row!.credentials).toBeTruthy();
    expect(row!.credentials).not.toContain("s3cret");
    // The Space answers its gitSync (git/info's state), read in the access statement itself.
    const read = await as(owner.token).get(`/spaces/${space.id}`);
    expect(read.body.gitSync).toEqual(info);
    expect(d1Cost(read).roundTrips).toBe(1);
    const listedSpaces = await as(owner.token).get(`/orgs/${org.id}/spaces`);
    expect(listedSpaces.body.items.find((s: { id: string }) => s.id === space.id).gitSync).toEqual(
      info,
    );
    const patched = await as(owner.token).patch(`/spaces/${space.id}`, { title: "Synced" });
    expect(patched.body.gitSync).toEqual(info);

    // The first import is the space's main.
    const tree = await mainTree(space.id);
    expect(tree.roots.map((n) => n.row.title)).toEqual(["Welcome", "Guide"]);
    const guide = tree.roots[1]!;
    expect(guide.children.map((n) => n.row.title)).toEqual(["Install"]);
    const install = guide.children[0]!;
    expect(await markdownOfHash(install.row.documentHash)).toBe("Run it.\n");

    // A CLI edit: one page changed, one added, one removed → a change request updating them.
    const next = await pushFromCli(
      name,
      {
        "guide/install.md": "# Install\n\nRun it twice.\n",
        "guide/upgrade.md": "# Upgrade\n\nUpgrade it.\n",
        "SUMMARY.md":
          "# Table of contents\n\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n  * [Upgrade](guide/upgrade.md)\n",
        "README.md": null,
      },
      { message: "Edit the guide" },
    );
    const again = await gitSync(owner, space.id, "import", {
      url: repoUrl(name),
      ref: "main",
    });
    expect(again.operation?.state, again.operation?.error).toBe("success");
    expect(again.operation?.error).toBeUndefined();
    const [synced] = await testDb().select().from(gitSyncs).where(eq(gitSyncs.spaceId, space.id));
    const crId = synced!.importChangeRequestId!;
    expect(synced!.importCommit).toBe(next);
    const [cr] = await testDb().select().from(changeRequests).where(eq(changeRequests.id, crId));
    expect(cr!.subject).toBe(`Git import ${next.slice(0, 7)}: Edit the guide`);
    const proposed = await crTree(space.id, crId);
    expect(proposed.roots.map((n) => n.row.title)).toEqual(["Guide"]);
    const [, installed, upgrade] = [
      proposed.roots[0]!,
      proposed.roots[0]!.children[0]!,
      proposed.roots[0]!.children[1]!,
    ];
    // The same page (same id), updated; main untouched until the merge.
    expect(installed.row.pageId).toBe(install.row.pageId);
    expect(await markdownOfHash(installed.row.documentHash)).toBe("Run it twice.\n");
    expect(upgrade.row.title).toBe("Upgrade");
    expect((await mainTree(space.id)).roots).toHaveLength(2);

    // Merged, the space is in step with that commit: importing it again opens nothing.
    const merged = await as(owner.token).post(`/spaces/${space.id}/change-requests/${crId}/merge`);
    expect(merged.status, merged.text).toBe(200);
    const [after] = await testDb().select().from(gitSyncs).where(eq(gitSyncs.spaceId, space.id));
    expect(after!.syncedCommit).toBe(next);
    const third = await gitSync(owner, space.id, "import", { url: repoUrl(name), ref: "main" });
    expect(third.operation?.state).toBe("success");
    const [still] = await testDb().select().from(gitSyncs).where(eq(gitSyncs.spaceId, space.id));
    expect(still!.importChangeRequestId).toBeNull();
  });
});
