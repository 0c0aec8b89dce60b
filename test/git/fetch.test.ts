import { describe, expect, it } from "vitest";
import { GitRemoteError } from "../../src/git/errors";
import { decodeCommit, decodeTree, type GitObject } from "../../src/git/objects";
import { fetchRef, listRefs } from "../../src/git/smart-http";
import { createRepo, remote, repoName } from "./remote";

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** Every file of a commit's tree, path -> content, read from fetched objects. */
function filesOf(
  objects: { get(id: string): GitObject | undefined },
  commit: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (treeId: string, prefix: string) => {
    const tree = objects.get(treeId);
    expect(tree?.type).toBe("tree");
    for (const entry of decodeTree(tree!.body)) {
      if (entry.mode === "040000") walk(entry.id, `${prefix}${entry.name}/`);
      else out[`${prefix}${entry.name}`] = text(objects.get(entry.id)?.body);
    }
  };
  walk(decodeCommit(objects.get(commit)!.body).tree, "");
  return out;
}

/** A long text and versions of it that differ by a line: what Git stores as deltas. */
function bigText(version: number): string {
  const lines = Array.from({ length: 1500 }, (_, i) => `line ${i}: the quick brown fox ${i * 7}`);
  for (let v = 1; v <= version; v++) lines[v * 100] = `changed in version ${v}`;
  return `${lines.join("\n")}\n`;
}

describe("fetching from a real Git server", () => {
  it("lists the refs of a repository made by the git CLI (HEAD's target, a tag peeled)", async () => {
    const name = repoName("refs");
    const head = await createRepo({
      name,
      commits: [{ files: { "README.md": "# Hello\n" } }],
      tags: ["v1"],
    });
    const refs = await listRefs(remote(name));
    const byName = new Map(refs.map((r) => [r.name, r]));
    expect(byName.get("HEAD")).toMatchObject({ id: head, symrefTarget: "refs/heads/main" });
    expect(byName.get("refs/heads/main")?.id).toBe(head);
    expect(byName.get("refs/tags/v1")?.peeled).toBe(head);
    expect((await listRefs(remote(name), ["refs/heads/"])).map((r) => r.name)).toEqual([
      "refs/heads/main",
    ]);
  });

  it("fetches one ref shallow: its commit, tree and blobs byte for byte", async () => {
    const name = repoName("shallow");
    const files = {
      "README.md": "# Docs\n\nWelcome.\n",
      "guide/install.md": "Install it.\n",
      "guide/deep/more.md": "ünïcödé ✓\n",
      "empty.txt": "",
    };
    const head = await createRepo({
      name,
      commits: [
        { files: { "old.md": "gone\n" } },
        { files: { ...files, "old.md": null }, message: "docs" },
      ],
    });
    const fetched = await fetchRef(remote(name), "main");
    expect(fetched).toMatchObject({ ref: "refs/heads/main", commit: head, shallow: [head] });
    expect(filesOf(fetched.objects, head)).toEqual(files);
    const commit = decodeCommit(fetched.objects.get(head)!.body);
    expect(commit.message).toBe("docs\n");
    expect(commit.author).toMatchObject({ name: "Test Author", time: 1700000000 });
    // Shallow: the parent commit is not in the pack.
    expect(fetched.objects.has(commit.parents[0]!)).toBe(false);
  });

  it("resolves OFS_DELTA and REF_DELTA entries of a repacked history", async () => {
    const name = repoName("deltas");
    const commits = [0, 1, 2, 3].map((v) => ({
      files: { "big.md": bigText(v), "copy.md": `${bigText(v)}tail ${v}\n` },
    }));
    const head = await createRepo({ name, commits, repack: true });
    const progress: string[] = [];
    const ofs = await fetchRef(remote(name), "refs/heads/main", {
      shallow: false,
      onProgress: (line) => progress.push(line),
    });
    expect(ofs.deltas.ofs).toBeGreaterThan(0);
    expect(progress.some((line) => /objects/i.test(line))).toBe(true);
    const ref = await fetchRef(remote(name), "main", { shallow: false, ofsDelta: false });
    expect(ref.deltas.ref).toBeGreaterThan(0);
    expect(ref.deltas.ofs).toBe(0);
    for (const fetched of [ofs, ref]) {
      let id: string | undefined = head;
      for (let v = 3; v >= 0; v--) {
        expect(filesOf(fetched.objects, id!)).toEqual({
          "big.md": bigText(v),
          "copy.md": `${bigText(v)}tail ${v}\n`,
        });
        id = decodeCommit(fetched.objects.get(id!)!.body).parents[0];
      }
      expect(id).toBeUndefined();
    }
  });

  it("refuses clearly: a wrong password, a missing ref, a missing repository, garbage", async () => {
    const name = repoName("refusals");
    await createRepo({ name, commits: [{ files: { "a.md": "a\n" } }] });
    const reason = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GitRemoteError);
      return { reason: (error as GitRemoteError).reason, message: (error as Error).message };
    };
    const wrong = await reason(fetchRef(remote(name, "wrong"), "main"));
    expect(wrong).toEqual({
      reason: "auth",
      message: "The Git remote refused the credentials (401)",
    });
    const anonymous = { url: `https://git.example.com/${name}.git`, fetch };
    expect((await reason(listRefs(anonymous))).reason).toBe("auth");
    expect(await reason(fetchRef(remote(name), "nope"))).toEqual({
      reason: "missing-ref",
      message: "The Git remote has no ref nope",
    });
    expect((await reason(fetchRef(remote(repoName("absent")), "main"))).reason).toBe("not-found");
    const html = { url: "https://git.example.com/_garbage/html.git", fetch };
    expect(await reason(listRefs(html))).toMatchObject({
      reason: "protocol",
      message: /text\/html/,
    });
    const bytes = { url: "https://git.example.com/_garbage/bytes.git", fetch };
    expect(await reason(fetchRef(bytes, "main"))).toMatchObject({
      reason: "protocol",
      message: /garbled/,
    });
  });
});
