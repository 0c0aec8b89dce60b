import { describe, expect, it } from "vitest";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  createCr,
  crTree,
  mainTree,
  markdownOfHash,
  postContent,
  postMerge,
} from "../helpers/change-requests-factories";
import { makeSession } from "../helpers/sessions";
import { postForm, screenOf } from "../helpers/app-fetch";

/**
 * The conflicts of "update from main" in the app (app/src/screens/changes/conflicts-*): the
 * update form answers a conflict with each conflicting block, main's and mine side by side and
 * labelled, and a keep main / keep mine / both radio group; the choices post as one form and
 * the change request lands as chosen.
 */

describe("the conflicts screen of update from main", () => {
  it("shows each conflict block by block and applies the chosen side", async () => {
    const made = await makeOrg({ title: "Acme Docs" });
    const owner = made.owner;
    const session = await makeSession(owner.user.id);
    const space = await makeSpace(made.org.id, owner);
    const seed = await createCr(owner, space.id);
    const seeded = await postContent(owner, space.id, seed.id, [
      { operation: "insert_page", title: "Guide", document: { markdown: "Intro.\n\nBody.\n" } },
    ]);
    expect(seeded.status, seeded.text).toBe(200);
    expect((await postMerge(owner, space.id, seed.id)).status).toBe(200);
    const page = (await mainTree(space.id)).roots[0]!.row.pageId;
    const mine = await createCr(owner, space.id, "Mine");
    await postContent(owner, space.id, mine.id, [
      { operation: "update_page", page, document: { markdown: "Intro, by me.\n\nBody.\n" } },
    ]);
    const other = await createCr(owner, space.id);
    await postContent(owner, space.id, other.id, [
      { operation: "update_page", page, document: { markdown: "Intro, on main.\n\nBody.\n" } },
    ]);
    expect((await postMerge(owner, space.id, other.id)).status).toBe(200);
    const base = `/s/${space.id}/~/changes/${mine.number}`;
    const refused = await postForm(session, `${base}/update`);
    expect(refused.res.status).toBe(409);
    const text = refused.text;
    expect(text).toContain('role="alert"');
    expect(text).toContain("Main&#39;s version");
    expect(text).toContain("My version (this change request)");
    expect(text).toContain("Intro, on main.");
    expect(text).toContain("Intro, by me.");
    expect(text).toContain(`action="${base}/~/conflicts"`);
    for (const value of ["main", "mine", "both"])
      expect(text).toContain(`name="take.0" value="${value}"`);
    const block = /name="block\.0" value="([^"]+)"/.exec(text)?.[1];
    expect(block).toBeDefined();
    const screen = await screenOf(session, `${base}/~/conflicts`);
    expect(screen.res.status).toBe(200);
    expect(screen.text).toContain("1 conflict between main and this change request");
    const done = await postForm(session, `${base}/~/conflicts`, {
      count: "1",
      "page.0": page,
      "block.0": block!,
      "take.0": "both",
    });
    expect(done.res.status, done.text).toBe(303);
    expect(done.res.headers.get("Location")).toBe(`${base}?done=updated`);
    const row = (await crTree(space.id, mine.id)).byId.get(page)!.row;
    expect(await markdownOfHash(row.documentHash)).toBe(
      "Intro, on main.\n\nIntro, by me.\n\nBody.\n",
    );
    const clean = await screenOf(session, `${base}/~/conflicts`);
    expect(clean.text).toContain("No conflicts");
  });
});
