import { describe, expect, it } from "vitest";
import {
  decodeCommit,
  decodeTree,
  encodeCommit,
  encodeTree,
  GitObjectError,
  objectId,
  type Commit,
} from "../../src/git/objects";

const text = (s: string) => new TextEncoder().encode(s);

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
