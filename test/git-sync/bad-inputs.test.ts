import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { mainTree } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { gitSync, REPO, repoUrl } from "../helpers/git-sync-factories";
import { ensureGitSync } from "../../src/services/git-sync/config";
import { startOperation } from "../../src/services/git-sync/operations";
import { createRepo, gitOnServer, gitOnServerWith, repoName } from "../git/remote";

/** What a held operation was asked to do (it never runs: no job is queued for it). */
const RUNNING = { ref: "refs/heads/main", force: false, standalone: false, userId: "u" };

/** A fresh organization, its owner and an empty space. */
async function world() {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  return { org, owner, space };
}

/** A repository whose main is a commit of a hand-made tree (entries as `git mktree` reads them). */
async function craftedRepo(entries: { mode: string; name: string; text: string }[]) {
  const name = repoName("crafted");
  await createRepo({ name, commits: [{ files: { "README.md": "# Hi\n" } }] });
  const lines: string[] = [];
  for (const entry of entries) {
    const id = (await gitOnServerWith(name, ["hash-object", "-w", "--stdin"], entry.text)).trim();
    lines.push(`${entry.mode} blob ${id}\t${entry.name}`);
  }
  const tree = (await gitOnServerWith(name, ["mktree"], `${lines.join("\n")}\n`)).trim();
  const commit = (await gitOnServer(name, "commit-tree", tree, "-m", "crafted")).trim();
  await gitOnServer(name, "update-ref", "refs/heads/main", commit);
  return name;
}

/** Runs an import that must fail; answers its reason, main left empty. */
async function refusedImport(body: Record<string, unknown>) {
  const { owner, space } = await world();
  const info = await gitSync(owner, space.id, "import", body);
  expect(info.operation?.state, JSON.stringify(info)).toBe("failure");
  expect((await mainTree(space.id)).roots).toEqual([]);
  return info.operation!.error!;
}

describe("Git Sync refusals", () => {
  it("refuses a wrong password, a missing ref, a remote answering garbage or hanging", async () => {
    const name = repoName("bad");
    await createRepo({ name, commits: [{ files: REPO }] });
    expect(await refusedImport({ url: repoUrl(name, "wrong"), ref: "main" })).toMatch(
      /refused the credentials \(401\): check the repository URL's credentials/,
    );
    expect(await refusedImport({ url: repoUrl(name), ref: "refs/heads/nope" })).toMatch(
      /has no ref refs\/heads\/nope/,
    );
    expect(
      await refusedImport({ url: "https://git.example.com/_garbage/html.git", ref: "main" }),
    ).toMatch(/is not Git \(text\/html\)/);
    expect(
      await refusedImport({ url: "https://git.example.com/_garbage/bytes.git", ref: "main" }),
    ).toMatch(/garbled|not Git/);
    expect(
      await refusedImport({ url: "https://git.example.com/_garbage/hang.git", ref: "main" }),
    ).toMatch(/did not answer in time/);
  });

  it("refuses symlinks, paths that climb out, and a SUMMARY.md naming missing files", async () => {
    const link = await craftedRepo([
      { mode: "100644", name: "README.md", text: "# Hi\n" },
      { mode: "120000", name: "secret.md", text: "../../etc/passwd" },
    ]);
    expect(await refusedImport({ url: repoUrl(link), ref: "main" })).toMatch(
      /secret\.md is a symbolic link/,
    );
    const climb = await craftedRepo([
      { mode: "100644", name: "README.md", text: "# Hi\n" },
      { mode: "100644", name: "..", text: "# Out\n" },
    ]);
    expect(await refusedImport({ url: repoUrl(climb), ref: "main" })).toMatch(
      /leaves the repository/,
    );
    const name = repoName("summary");
    await createRepo({
      name,
      commits: [{ files: { ...REPO, "SUMMARY.md": "# Table of contents\n\n* [Gone](gone.md)\n" } }],
    });
    expect(await refusedImport({ url: repoUrl(name), ref: "main" })).toMatch(
      /SUMMARY\.md names files the repository lacks: gone\.md/,
    );
  });

  it("refuses more than 5,000 pages", async () => {
    // 5,001 markdown files sharing one blob: one `git mktree`, not 5,001 files written.
    const name = repoName("big");
    await createRepo({ name, commits: [{ files: { "README.md": "# Hi\n" } }] });
    const blob = (await gitOnServerWith(name, ["hash-object", "-w", "--stdin"], "# Page\n")).trim();
    const lines = Array.from({ length: 5001 }, (_, i) => `100644 blob ${blob}\tpage-${i}.md`);
    const tree = (await gitOnServerWith(name, ["mktree"], `${lines.join("\n")}\n`)).trim();
    const commit = (await gitOnServer(name, "commit-tree", tree, "-m", "big")).trim();
    await gitOnServer(name, "update-ref", "refs/heads/main", commit);
    expect(await refusedImport({ url: repoUrl(name), ref: "main" })).toMatch(
      /more than 5000 markdown files/,
    );
  });

  it("validates the body, checks the caller, refuses a second sync while one runs", async () => {
    const { org, owner, space } = await world();
    const api = as(owner.token);
    const notUrl = await api.post(`/spaces/${space.id}/git/import`, { url: "nope", ref: "main" });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.error.message).toMatch(/body\.url/);
    const badRef = await api.post(`/spaces/${space.id}/git/import`, {
      url: repoUrl("x"),
      ref: "main..x",
    });
    expect(badRef.status).toBe(400);
    expect(badRef.body.error.message).toMatch(/ref/);
    const noMessage = await api.post(`/spaces/${space.id}/git/export`, {
      url: repoUrl("x"),
      ref: "main",
    });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.error.message).toMatch(/commitMessage/);
    expect((await api.get(`/spaces/${space.id}/git/info`)).status).toBe(404);
    expect((await as(null).post(`/spaces/${space.id}/git/import`, {})).status).toBe(401);
    const reader = await makeMember(org.id, "read");
    const denied = await as(reader.token).post(`/spaces/${space.id}/git/import`, {
      url: repoUrl("x"),
      ref: "main",
    });
    expect(denied.status).toBe(403);
    const outsider = (await makeOrg()).owner;
    const hidden = await as(outsider.token).get(`/spaces/${space.id}/git/info`);
    expect(hidden.status).toBe(404);

    // Two syncs racing: the second is refused while the first runs (held as running here, so
    // no job of another test waits behind a hanging one).
    const started = await startOperation(testDb(), space.id, "import", RUNNING, {
      url: "https://git.example.com/held.git",
      ref: "refs/heads/main",
    });
    expect(started).toBeNull();
    await ensureGitSync(testDb(), space.id, {
      url: "https://git.example.com/held.git",
      ref: "main",
    });
    expect(await startOperation(testDb(), space.id, "import", RUNNING)).not.toBeNull();
    const second = await api.post(`/spaces/${space.id}/git/export`, {
      url: "https://git.example.com/held.git",
      ref: "main",
      commitMessage: "x",
    });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/already running/);
    const info = await api.get(`/spaces/${space.id}/git/info`);
    expect(info.body.operation).toMatchObject({ state: "running", direction: "import" });
  });

  it("applies operations in timestamp order and keeps to the space's direction", async () => {
    const { owner, space } = await world();
    const name = repoName("order");
    await createRepo({ name, commits: [{ files: REPO }] });
    const url = repoUrl(name);
    const newer = await gitSync(owner, space.id, "import", {
      url,
      ref: "main",
      timestamp: "2026-01-02T00:00:00Z",
    });
    expect(newer.operation?.state).toBe("success");
    const older = await gitSync(owner, space.id, "export", {
      url,
      ref: "main",
      timestamp: "2026-01-01T00:00:00Z",
    });
    expect(older.operation?.state).toBe("failure");
    expect(older.operation?.error).toMatch(/older .* than the last operation/);
    const set = await as(owner.token).put(`/spaces/${space.id}/git/config`, {
      url,
      ref: "main",
      direction: "import",
    });
    expect(set.status, set.text).toBe(200);
    expect(set.text).not.toContain("s3cret");
    const exported = await as(owner.token).post(`/spaces/${space.id}/git/export`, {
      url,
      ref: "main",
      commitMessage: "x",
    });
    expect(exported.status).toBe(409);
    expect(exported.body.error.message).toMatch(/set to import only/);
  });
});
