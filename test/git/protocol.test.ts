import { describe, expect, it } from "vitest";
import {
  DELIM_PKT,
  FLUSH_PKT,
  MAX_PKT_DATA,
  pktLine,
  pktText,
  readPktLines,
  PktLineError,
  type PktLine,
} from "../../src/git/pkt-line";
import {
  decodeCommit,
  decodeTree,
  encodeCommit,
  encodeTree,
  GitObjectError,
  objectId,
  type Commit,
  toHex,
  type GitObject,
  type TreeEntry,
} from "../../src/git/objects";
import { PackError, GitRemoteError } from "../../src/git/errors";
import { DEFAULT_PACK_LIMITS, readPack, readPackStream } from "../../src/git/pack-read";
import { ByteReader } from "../../src/git/byte-reader";
import { PackObjects } from "../../src/git/pack-objects";
import { writePack } from "../../src/git/pack-write";
import { fetchRef, listRefs } from "../../src/git/smart-http";
import { createRepo, remote, repoName, gitOnServer } from "./remote";
import { pushRef, ZERO_ID } from "../../src/git/receive-pack";

const text = (s: string) => new TextEncoder().encode(s);

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, i + 65536));
  return out;
}

const decoded = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

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
      else out[`${prefix}${entry.name}`] = decoded(objects.get(entry.id)?.body);
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

describe("pkt-line", () => {
  describe("pkt-line", () => {
    it("frames and reads lines, flushes and delimiters", () => {
      const a = pktLine("command=ls-refs\n");
      expect(new TextDecoder().decode(a)).toBe("0014command=ls-refs\n");
      const all = new Uint8Array([...a, ...DELIM_PKT, ...FLUSH_PKT]);
      const lines: PktLine[] = readPktLines(all);
      expect(lines.map((l) => l.kind)).toEqual(["data", "delim", "flush"]);
      expect(pktText(lines[0]!)).toBe("command=ls-refs");
    });

    it("refuses oversized lines, garbage and cut answers", () => {
      expect(() => pktLine(new Uint8Array(MAX_PKT_DATA + 1))).toThrow(PktLineError);
    });

    it("refuses garbage and cut answers", () => {
      expect(() => readPktLines(new TextEncoder().encode("<html>"))).toThrow(PktLineError);
      expect(() => readPktLines(new TextEncoder().encode("0010abc"))).toThrow(PktLineError);
    });
  });
});

describe("objects", () => {
  describe("git objects", () => {
    it("gives blobs and trees the ids Git gives them", async () => {
      expect(await objectId({ type: "blob", body: new Uint8Array() })).toBe(
        "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
      );
      expect(await objectId({ type: "blob", body: text("hi\n") })).toBe(
        "45b983be36b73c0788dc9cbcb76cbb80fc7bb057",
      );
      expect(await objectId({ type: "tree", body: encodeTree([]) })).toBe(
        "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
      );
    });

    it("sorts tree entries as Git does (a directory as if its name ended in /)", () => {
      const id = "45b983be36b73c0788dc9cbcb76cbb80fc7bb057";
      const body = encodeTree([
        { mode: "100644", name: "a.txt", id },
        { mode: "040000", name: "a", id },
        { mode: "100644", name: "a-b", id },
        { mode: "100755", name: "Z", id },
      ]);
      const entries = decodeTree(body);
      expect(entries.map((e) => e.name)).toEqual(["Z", "a-b", "a.txt", "a"]);
      expect(entries.find((e) => e.name === "a")?.mode).toBe("040000");
      expect(new TextDecoder().decode(body)).toContain("40000 a\0");
    });

    it("recognises symlinks and gitlinks, refuses unknown modes and bad names", () => {
      const id = "45b983be36b73c0788dc9cbcb76cbb80fc7bb057";
      const modes = decodeTree(
        encodeTree([
          { mode: "120000", name: "link", id },
          { mode: "160000", name: "sub", id },
        ]),
      ).map((e) => e.mode);
      expect(modes).toEqual(["120000", "160000"]);
      const bad = new Uint8Array([...text("100600 x\0"), ...new Uint8Array(20)]);
      expect(() => decodeTree(bad)).toThrow(GitObjectError);
      expect(() => encodeTree([{ mode: "100644", name: "../x", id }])).toThrow(GitObjectError);
      expect(() => encodeTree([{ mode: "100644", name: "..", id }])).toThrow(GitObjectError);
    });

    it("encodes and decodes commits", async () => {
      const commit: Commit = {
        tree: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
        parents: [],
        author: { name: "A U Thor", email: "a@example.com", time: 1700000000, timezone: "+0100" },
        committer: { name: "C", email: "c@example.com", time: 1700000001, timezone: "-0230" },
        message: "first\n",
      };
      const body = encodeCommit(commit);
      expect(new TextDecoder().decode(body)).toBe(
        "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n" +
          "author A U Thor <a@example.com> 1700000000 +0100\n" +
          "committer C <c@example.com> 1700000001 -0230\n\nfirst\n",
      );
      expect(decodeCommit(body)).toEqual(commit);
      const signed = encodeCommit({ ...commit, extraHeaders: [["gpgsig", "line1\nline2"]] });
      expect(decodeCommit(signed).extraHeaders).toEqual([["gpgsig", "line1\nline2"]]);
      expect(() => encodeCommit({ ...commit, author: { ...commit.author, name: "x>" } })).toThrow(
        GitObjectError,
      );
    });
  });
});

describe("pack", () => {
  describe("packfiles", () => {
    it("reads back what it writes, small, empty, incompressible and repetitive objects alike", async () => {
      const objects: GitObject[] = [
        { type: "blob", body: new Uint8Array() },
        { type: "blob", body: new TextEncoder().encode("hi\n") },
        { type: "blob", body: randomBytes(200_000) },
        { type: "blob", body: new Uint8Array(300_000).fill(7) },
        { type: "blob", body: randomBytes(15) },
        // Inflated over many pushes (more than the first window of the inflater).
        { type: "blob", body: randomBytes(400_000) },
      ];
      const pack = await writePack(objects);
      const read = await readPack(pack);
      expect(read.objects.size).toBe(objects.length);
      for (const object of objects) {
        const found = read.objects.get(await objectId(object));
        expect(found?.type).toBe("blob");
        // Compared as one hex string: toEqual walks a large Uint8Array slowly.
        expect(toHex(found!.body)).toBe(toHex(object.body));
      }
    });

    it("refuses a changed byte, a cut pack and a pack over its limits", async () => {
      const pack = await writePack([{ type: "blob", body: new Uint8Array(1000).fill(1) }]);
      // Read as it streams: a changed byte of an entry fails its inflation (or its zlib
      // checksum), a changed byte of the trailer the pack's checksum.
      const changed = pack.slice();
      changed[20] = changed[20]! ^ 1;
      await expect(readPack(changed)).rejects.toThrow(PackError);
      const trailer = pack.slice();
      trailer[trailer.length - 1] = trailer[trailer.length - 1]! ^ 1;
      await expect(readPack(trailer)).rejects.toThrow(/pack's checksum/);
      await expect(readPack(pack.subarray(0, 30))).rejects.toThrow(PackError);
      await expect(readPack(pack, { ...DEFAULT_PACK_LIMITS, maxObjectBytes: 999 })).rejects.toThrow(
        /over the limit/,
      );
      await expect(readPack(pack, { ...DEFAULT_PACK_LIMITS, maxObjects: 0 })).rejects.toThrow(
        /over the limit/,
      );
    });

    it("streams a pack in small chunks, spilling blobs past the memory budget and reading them back", async () => {
      const objects: GitObject[] = [
        { type: "tree", body: new Uint8Array() },
        ...[1, 2, 3].map((n) => ({ type: "blob" as const, body: randomBytes(40_000 + n) })),
      ];
      const pack = await writePack(objects);
      let at = 0;
      // 1,000-byte chunks: every entry's zlib stream spans several of them.
      const reader = new ByteReader(async () =>
        at < pack.byteLength ? pack.slice(at, (at += 1000)) : null,
      );
      const spilled = new Map<string, Uint8Array>();
      const spill = {
        put: async (id: string, bytes: Uint8Array) => void spilled.set(id, bytes),
        get: async (id: string) => spilled.get(id) ?? null,
      };
      const kept = new PackObjects(spill, 50_000);
      const stats = await readPackStream(reader, DEFAULT_PACK_LIMITS, kept);
      expect(stats.count).toBe(4);
      expect(kept.size).toBe(4);
      // One blob fits the 50 KB budget; the other two went to the spill store.
      expect(spilled.size).toBe(2);
      expect(kept.spilledBytes).toBe(80_005);
      for (const object of objects) {
        const id = await objectId(object);
        expect(kept.has(id)).toBe(true);
        expect(toHex((await kept.load(id))!.body)).toBe(toHex(object.body));
      }
    });
  });
});

describe("fetch", () => {
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
});

describe("push", () => {
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
});
