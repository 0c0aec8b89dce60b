import { beforeAll, describe, expect, it } from "vitest";
import { makeContentSpace, proposeChanges } from "../helpers/content-factories";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { postForm, screenOf } from "../helpers/app-fetch";
import { as } from "../helpers/api";
import { duplicateChanges } from "../../app/src/screens/changes/tree-duplicate";

/**
 * The page tree of a change request, edited (app/src/screens/changes/tree-*.tsx) through the
 * app's entry: the tree with its move buttons (only the ways a page can go), add (after a
 * page, inside it, at the end), rename, move up/down/indent/outdent, duplicate (alone or with its sub-pages) and delete
 * after its confirmation — each one content batch — a refusal shown on the tree, a reader
 * shown no form (the API refuses their post), an outsider the one not-found.
 */

interface Node {
  id: string;
  title: string;
  pages?: Node[];
}

/** The tree as titles ("A", "B > B1"). */
const outline = (pages: Node[], above = ""): string[] =>
  pages.flatMap((p) => [`${above}${p.title}`, ...outline(p.pages ?? [], `${above}${p.title} > `)]);

describe("the page tree of a change request", () => {
  let session: TestSession;
  let reader: TestSession;
  let outsider: TestSession;
  let token: string;
  let spaceId: string;
  let number: number;

  const tree = async (): Promise<Node[]> =>
    (await as(token).get(`/spaces/${spaceId}/change-requests/${number}/content`)).body.pages;
  const idOf = async (title: string): Promise<string> => {
    const walk = (pages: Node[]): Node[] => pages.flatMap((p) => [p, ...walk(p.pages ?? [])]);
    const found = walk(await tree()).find((p) => p.title === title);
    if (!found) throw new Error(`no page ${title}`);
    return found.id;
  };
  const base = () => `/s/${spaceId}/~/changes/${number}/~/pages`;

  beforeAll(async () => {
    const { org, owner } = await makeOrg({ title: "Acme Docs" });
    session = await makeSession(owner.user.id);
    token = owner.token;
    const space = await makeContentSpace(org.id, owner, "Handbook");
    spaceId = space.id;
    const cr = await proposeChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "A", document: { markdown: "A body." } },
      { operation: "insert_page", ref: "b", title: "B", document: { markdown: "B body." } },
      { operation: "insert_page", title: "B1", into: "b", document: { markdown: "B1 body." } },
      { operation: "insert_page", title: "C", emoji: "1f680", document: { markdown: "C body." } },
    ]);
    number = cr.number;
    reader = await makeSession((await makeMember(org.id, "read")).user.id);
    outsider = await makeSession((await makeOrg()).owner.user.id);
  });

  it("shows the tree with the moves each page can make, linked from the change request", async () => {
    const cr = await screenOf(session, `/s/${spaceId}/~/changes/${number}`);
    expect(cr.text).toContain(`href="${base()}"`);
    const { res, text, paths } = await screenOf(session, base());
    expect(res.status, text).toBe(200);
    const [a, b, c] = [await idOf("A"), await idOf("B"), await idOf("C")];
    expect(text).toContain(`action="${base()}/${c}/move"`);
    expect(text).toContain('aria-label="Move A down"');
    expect(text).not.toContain('aria-label="Move A up"');
    expect(text).toContain(`value="${b}:1" aria-label="Indent C"`);
    expect(text).toContain('aria-label="Outdent B1"');
    expect(text).toContain("🚀 C");
    expect(text).toContain(`href="/s/${spaceId}/~/changes/${number}/a"`);
    expect(text).toContain(`action="${base()}/${a}/rename"`);
    // Rows drag and drop where the script runs (it posts the same move forms).
    expect(text).toContain("data-page-tree");
    expect(text).toContain('src="/_app/js/tree.js"');
    // The session, then the space, the change request and its tree in one wave.
    expect(paths).toHaveLength(4);
  });

  it("moves by buttons: up, indent, outdent, down — one content batch each", async () => {
    const c = await idOf("C");
    const up = await postForm(session, `${base()}/${c}/move`, { to: ":1" });
    expect(up.res.status, up.text).toBe(303);
    expect(up.res.headers.get("Location")).toBe(`${base()}?done=moved`);
    expect(up.paths).toEqual([`POST /v1/spaces/${spaceId}/change-requests/${number}/content`]);
    expect(outline(await tree())).toEqual(["A", "C", "B", "B > B1"]);
    const a = await idOf("A");
    await postForm(session, `${base()}/${c}/move`, { to: `${a}:0` });
    expect(outline(await tree())).toEqual(["A", "A > C", "B", "B > B1"]);
    await postForm(session, `${base()}/${c}/move`, { to: ":1" });
    expect(outline(await tree())).toEqual(["A", "C", "B", "B > B1"]);
    await postForm(session, `${base()}/${c}/move`, { to: ":2" });
    expect(outline(await tree())).toEqual(["A", "B", "B > B1", "C"]);
    const shown = await screenOf(session, `${base()}?done=moved`);
    expect(shown.text).toContain("Page moved.");
  });

  it("adds a page after one, inside one and at the end; renames; duplicates", async () => {
    const b = await idOf("B");
    await postForm(session, `${base()}/add`, { title: "After A", place: ":1" });
    await postForm(session, `${base()}/add`, { title: "Inside B", place: `${b}:1` });
    await postForm(session, `${base()}/add`, { title: "Last", place: ":4" });
    expect(outline(await tree())).toEqual([
      "A",
      "After A",
      "B",
      "B > B1",
      "B > Inside B",
      "C",
      "Last",
    ]);
    const renamed = await postForm(session, `${base()}/${await idOf("Last")}/rename`, {
      title: "Final",
    });
    expect(renamed.res.headers.get("Location")).toBe(`${base()}?done=renamed`);
    const copied = await postForm(session, `${base()}/${await idOf("C")}/duplicate`, {});
    expect(copied.res.status, copied.text).toBe(303);
    expect(outline(await tree())).toEqual([
      "A",
      "After A",
      "B",
      "B > B1",
      "B > Inside B",
      "C",
      "C (copy)",
      "Final",
    ]);
    const copy = await as(token).get(
      `/spaces/${spaceId}/change-requests/${number}/content/page/${await idOf("C (copy)")}`,
    );
    expect(copy.body.emoji).toBe("1f680");
    expect(JSON.stringify(copy.body.document)).toContain("C body.");
  });

  it("duplicates a page with its sub-pages: one read and one content batch", async () => {
    const b = await idOf("B");
    const screen = await screenOf(session, base());
    expect(screen.text).toContain("Duplicate with its 2 sub-pages");
    const copied = await postForm(session, `${base()}/${b}/duplicate`, { with: "sub-pages" });
    expect(copied.res.status, copied.text).toBe(303);
    const cr = `/v1/spaces/${spaceId}/change-requests/${number}`;
    expect(copied.paths.filter((p) => p.startsWith("POST"))).toEqual([`POST ${cr}/content`]);
    expect(outline(await tree())).toEqual([
      "A",
      "After A",
      "B",
      "B > B1",
      "B > Inside B",
      "B (copy)",
      "B (copy) > B1",
      "B (copy) > Inside B",
      "C",
      "C (copy)",
      "Final",
    ]);
    const copies = (await tree()).find((p) => p.title === "B (copy)")?.pages ?? [];
    const b1 = await as(token).get(`${cr.slice(3)}/content/page/${copies[0]?.id}`);
    expect(JSON.stringify(b1.body.document)).toContain("B1 body.");
    expect(copies[0]?.id).not.toBe(await idOf("B1"));
    await postForm(session, `${base()}/${await idOf("B (copy)")}/delete`, {});
  });

  it("refuses a subtree over one batch's 50 changes, saying its size", () => {
    const child = (n: number) => ({ id: `p${n}`, title: `P${n}`, type: "document" as const });
    const big = { ...child(0), pages: Array.from({ length: 50 }, (_, n) => child(n + 1)) };
    expect(() => duplicateChanges(big, { parent: null, index: 0 }, true)).toThrow(
      "page: it has 50 sub-pages; at most 50 pages are duplicated at once",
    );
    expect(duplicateChanges(big, { parent: "top", index: 2 }, false)).toEqual([
      expect.objectContaining({ title: "P0 (copy)", into: "top", at: 3 }),
    ]);
  });

  it("deletes after a confirmation that says what goes with the page", async () => {
    const b = await idOf("B");
    const confirm = await screenOf(session, `${base()}/${b}/delete`);
    expect(confirm.res.status).toBe(200);
    expect(confirm.text).toContain("Its 2 sub-pages go with it.");
    expect(confirm.text).toContain(`action="${base()}/${b}/delete"`);
    const deleted = await postForm(session, `${base()}/${b}/delete`, {});
    expect(deleted.res.headers.get("Location")).toBe(`${base()}?done=deleted`);
    expect(outline(await tree())).toEqual(["A", "After A", "C", "C (copy)", "Final"]);
  });

  it("shows a refusal on the tree: an empty title, a place out of range, a bad place", async () => {
    const untitled = await postForm(session, `${base()}/add`, { title: "", place: ":0" });
    expect(untitled.res.status).toBe(400);
    expect(untitled.text).toContain('role="alert"');
    expect(untitled.text).toContain("title");
    const far = await postForm(session, `${base()}/${await idOf("A")}/move`, { to: ":99" });
    expect(far.res.status).toBe(400);
    expect(far.text).toContain("must be between 0 and");
    const bad = await postForm(session, `${base()}/${await idOf("A")}/move`, { to: "nowhere" });
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain("to: not a place in the tree");
  });

  it("offers a reader no forms (the API refuses their post), an outsider the one not-found", async () => {
    const { res, text } = await screenOf(reader, base());
    expect(res.status).toBe(200);
    expect(text).toContain("After A");
    expect(text).not.toContain("/move");
    expect(text).not.toContain("data-page-tree");
    expect(text).not.toContain("tree.js");
    const refused = await postForm(reader, `${base()}/${await idOf("A")}/rename`, { title: "X" });
    expect(refused.res.status).toBe(403);
    const confirm = await screenOf(reader, `${base()}/${await idOf("A")}/delete`);
    expect(confirm.res.status).toBe(404);
    const theirs = await screenOf(outsider, base());
    const nothing = await screenOf(outsider, `/s/space_nothing/~/changes/1/~/pages`);
    expect(theirs.res.status).toBe(404);
    expect(theirs.text).toBe(nothing.text);
  });
});
