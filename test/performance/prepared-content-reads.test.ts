import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  proposeChanges,
  reloadSpace,
} from "../helpers/content-factories";

/**
 * The content reads whose statements are written once per isolate (src/auth/content-target.ts,
 * src/services/content/page-reads.ts): each shape of SQL read twice in a row (the second read
 * binds the text the first wrote) gives the same answer as the first.
 */

/** A space with Home on main and a change request that rewrites it and adds Draft. */
async function spaceWithChange() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const created = await makeContentSpace(org.id, owner);
  const merged = await commitChanges(created.id, owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "On main.\n" } },
  ]);
  const home = (await mainPagesByTitle(created.id)).get("Home")!.pageId;
  const cr = await proposeChanges(created.id, owner.user.id, [
    { operation: "update_page", page: home, document: { markdown: "In the change.\n" } },
    { operation: "insert_page", title: "Draft", document: { markdown: "Draft.\n" } },
  ]);
  const space = await reloadSpace(created.id);
  return { reader, space, home, cr, mainRevision: merged.revision };
}

/** The text of a JSON document's first paragraph. */
function firstText(document: { nodes: { nodes: { leaves?: { text: string }[] }[] }[] }) {
  return document.nodes[0]?.nodes[0]?.leaves?.map((l) => l.text).join("");
}

/** Reads a path twice: the answers must be equal; returns the second. */
async function readTwice(token: string, path: string) {
  const first = await as(token).get(path);
  const second = await as(token).get(path);
  expect(second.status).toBe(first.status);
  expect(second.body).toEqual(first.body);
  return second;
}

describe("prepared content reads", () => {
  it("reads a main revision's page document in one round trip, and 404s an unknown page", async () => {
    const { reader, space, home, mainRevision } = await spaceWithChange();
    const base = `/spaces/${space.id}/revisions/${mainRevision}/page`;
    const res = await readTwice(reader.token, `${base}/${home}/document`);
    expect(res.status).toBe(200);
    expect(firstText(res.body)).toBe("On main.");
    expect(d1Cost(res).roundTrips).toBe(1);
    expect((await readTwice(reader.token, `${base}/nope/document`)).status).toBe(404);
  });

  it("reads a change request revision's page document at the change's pointer", async () => {
    const { reader, space, home, cr } = await spaceWithChange();
    const base = `/spaces/${space.id}/revisions/${cr.revisionId}/page`;
    const res = await readTwice(reader.token, `${base}/${home}/document`);
    expect(res.status).toBe(200);
    expect(firstText(res.body)).toBe("In the change.");
    const pages = await as(reader.token).get(
      `/spaces/${space.id}/revisions/${cr.revisionId}/pages`,
    );
    const draft = pages.body.pages.find((p: { title: string }) => p.title === "Draft");
    const drafted = await readTwice(reader.token, `${base}/${draft.id}/document`);
    expect(firstText(drafted.body)).toBe("Draft.");
  });

  it("finds a change request's head by id and by number alike", async () => {
    const { reader, space, cr } = await spaceWithChange();
    const base = `/spaces/${space.id}/change-requests`;
    const byId = await readTwice(reader.token, `${base}/${cr.id}/content/pages`);
    const byNumber = await readTwice(reader.token, `${base}/${cr.number}/content/pages`);
    expect(byId.status).toBe(200);
    expect(byNumber.body).toEqual(byId.body);
    expect(byId.body.pages.map((p: { title: string }) => p.title)).toEqual(["Home", "Draft"]);
    expect((await readTwice(reader.token, `${base}/${cr.number + 1}/content/pages`)).status).toBe(
      404,
    );
  });

  it("reads a stored revision by id, and 404s another space's revision", async () => {
    const { reader, space, mainRevision } = await spaceWithChange();
    const res = await readTwice(reader.token, `/spaces/${space.id}/revisions/${mainRevision}`);
    expect(res.body).toMatchObject({ object: "revision", id: mainRevision });
    const other = await spaceWithChange();
    const foreign = await as(reader.token).get(
      `/spaces/${space.id}/revisions/${other.mainRevision}`,
    );
    expect(foreign.status).toBe(404);
  });
});
