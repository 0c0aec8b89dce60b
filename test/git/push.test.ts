import { describe, expect, it } from "vitest";
import { GitRemoteError } from "../../src/git/errors";
import {
  decodeCommit,
  decodeTree,
  encodeCommit,
  encodeTree,
  objectId,
  type GitObject,
  type TreeEntry,
} from "../../src/git/objects";
import { writePack } from "../../src/git/pack-write";
import { pushRef, ZERO_ID } from "../../src/git/receive-pack";
import { fetchRef } from "../../src/git/smart-http";
import { createRepo, gitOnServer, remote, repoName } from "./remote";

const bytes = (s: string) => new TextEncoder().encode(s);
const person = { name: "Quire", email: "sync@quire.test", time: 1700000500, timezone: "+0000" };

/** A new commit on top of `parent`: README.md rewritten and docs/new.md added; answers its objects. */
async function nextCommit(
  parentTree: TreeEntry[],
  parent: string,
): Promise<{ id: string; objects: GitObject[] }> {
  const readme: GitObject = { type: "blob", body: bytes("# Rewritten by Quire\n") };
  const page: GitObject = { type: "blob", body: bytes("A new page.\n") };
  const docs: GitObject = {
    type: "tree",
    body: encodeTree([{ mode: "100644", name: "new.md", id: await objectId(page) }]),
  };
  const entries = parentTree.filter((e) => e.name !== "README.md");
  entries.push({ mode: "100644", name: "README.md", id: await objectId(readme) });
  entries.push({ mode: "040000", name: "docs", id: await objectId(docs) });
  const tree: GitObject = { type: "tree", body: encodeTree(entries) };
  const commit: GitObject = {
    type: "commit",
    body: encodeCommit({
      tree: await objectId(tree),
      parents: [parent],
      author: person,
      committer: person,
      message: "Quire: change request #1\n",
    }),
  };
  return { id: await objectId(commit), objects: [readme, page, docs, tree, commit] };
}

async function fetchedRepo() {
  const name = repoName("push");
  const head = await createRepo({
    name,
    commits: [{ files: { "README.md": "# Hello\n", "keep.md": "kept\n" } }],
  });
  const fetched = await fetchRef(remote(name), "main");
  const tree = decodeTree(
    fetched.objects.get(decodeCommit(fetched.objects.get(head)!.body).tree)!.body,
  );
  return { name, head, tree };
}

describe("pushing to a real Git server", () => {
  it("pushes a new commit that the git CLI on the server then sees", async () => {
    const { name, head, tree } = await fetchedRepo();
    const next = await nextCommit(tree, head);
    const pack = await writePack(next.objects);
    const report = await pushRef(remote(name), {
      ref: "refs/heads/main",
      oldId: head,
      newId: next.id,
      pack,
    });
    expect(report).toEqual({ unpack: "ok", ok: true });
    expect(await gitOnServer(name, "log", "--format=%H %P %s", "main")).toBe(
      `${next.id} ${head} Quire: change request #1\n${head}  commit 1\n`,
    );
    expect(await gitOnServer(name, "show", "main:docs/new.md")).toBe("A new page.\n");
    expect(await gitOnServer(name, "show", "main:README.md")).toBe("# Rewritten by Quire\n");
    expect(await gitOnServer(name, "show", "main:keep.md")).toBe("kept\n");
    await gitOnServer(name, "fsck", "--strict");
  });

  it("creates a new branch from an empty old id", async () => {
    const { name, head, tree } = await fetchedRepo();
    const next = await nextCommit(tree, head);
    const report = await pushRef(remote(name), {
      ref: "refs/heads/quire-sync",
      oldId: ZERO_ID,
      newId: next.id,
      pack: await writePack(next.objects),
    });
    expect(report.ok).toBe(true);
    expect(await gitOnServer(name, "rev-parse", "quire-sync")).toBe(`${next.id}\n`);
  });

  it("reports the remote's refusals: a stale old id, a pack missing objects, a wrong password", async () => {
    const { name, head, tree } = await fetchedRepo();
    const next = await nextCommit(tree, head);
    // The pack missing an object first: a refused update still leaves its objects stored.
    const missing = await pushRef(remote(name), {
      ref: "refs/heads/main",
      oldId: head,
      newId: next.id,
      pack: await writePack(next.objects.slice(1)), // no README.md blob
    });
    expect(missing).toEqual({ unpack: "ok", ok: false, reason: "missing necessary objects" });
    const stale = await pushRef(remote(name), {
      ref: "refs/heads/main",
      oldId: "1".repeat(40),
      newId: next.id,
      pack: await writePack(next.objects),
    });
    expect(stale).toEqual({ unpack: "ok", ok: false, reason: "failed to update ref" });
    expect(await gitOnServer(name, "rev-parse", "main")).toBe(`${head}\n`);
    const refused = pushRef(remote(name, "wrong"), {
      ref: "refs/heads/main",
      oldId: head,
      newId: next.id,
      pack: await writePack(next.objects),
    });
    await expect(refused).rejects.toThrow(GitRemoteError);
    await expect(refused).rejects.toMatchObject({ reason: "auth" });
  });
});
