import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { spaces } from "../../src/db/schema";
import { as } from "../helpers/api";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { commitChanges, proposeChanges } from "../helpers/content-factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite, readSiteSpaces } from "../helpers/sites-factories";
import { resolveUrl, siteUrl } from "../helpers/reading-factories";

/**
 * Issue 34, finding 2: a member's preview token (`~/changes/<id>` resolved with their Quire
 * token) covers the previewed change request of the previewed space, and only for someone who
 * may read it: not the drafts of the site's other spaces, nor another change request.
 */

/** A page to propose. */
const draft = (title: string) => [
  { operation: "insert_page" as const, title, document: { markdown: `${title}.\n` } },
];

/**
 * A published site over two spaces: `open` (every member reads it) and `closed` (default level
 * none: a read-role member cannot open it), each with a change request; a read-role `reader`.
 */
async function previewWorld() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const open = await makeSpace(org.id, owner);
  const closed = await makeSpace(org.id, owner);
  await testDb().update(spaces).set({ defaultLevel: null }).where(eq(spaces.id, closed.id));
  for (const space of [open, closed]) await commitChanges(space.id, owner.user.id, draft("Home"));
  const crOpen = await proposeChanges(open.id, owner.user.id, draft("Open draft"));
  const crOther = await proposeChanges(open.id, owner.user.id, draft("Other draft"));
  const crClosed = await proposeChanges(closed.id, owner.user.id, draft("Closed draft"));
  const site = await makeSite(org.id, owner, {
    spaces: [{ id: open.id }, { id: closed.id }],
    published: true,
  });
  const rows = await readSiteSpaces(site.id);
  const closedPath = rows.find((r) => r.spaceId === closed.id)!.path;
  return { org, owner, reader, open, closed, crOpen, crOther, crClosed, site, closedPath };
}

/** Every draft read of a change request a preview token could try. */
function draftReads(spaceId: string, cr: { id: string; revisionId: string }, page: string) {
  const base = `/spaces/${spaceId}/change-requests/${cr.id}`;
  return [
    base,
    `${base}/content`,
    `${base}/content/pages`,
    `${base}/content/path/${page}`,
    `${base}/changes`,
    `/spaces/${spaceId}/revisions/${cr.revisionId}`,
    `/spaces/${spaceId}/revisions/${cr.revisionId}/pages`,
  ];
}

describe("members' preview grants", () => {
  it("do not read the drafts of another space of the site (the reproduction)", async () => {
    const w = await previewWorld();
    const res = await resolveUrl(
      siteUrl(w.site.id, `~/changes/${w.crOpen.id}/open-draft`),
      {},
      w.reader.token,
    );
    expect(res.status, res.text).toBe(200);
    const preview = as(res.body.apiToken);
    expect((await preview.get(`/spaces/${w.open.id}/change-requests/${w.crOpen.id}`)).status).toBe(
      200,
    );
    // The closed space's main content is published: the site token reads it like any visitor.
    expect((await preview.get(`/spaces/${w.closed.id}/content`)).status).toBe(200);
    for (const path of draftReads(w.closed.id, w.crClosed, "closed-draft")) {
      const read = await preview.get(path);
      expect(read.status, `${path}: ${read.text}`).toBe(404);
    }
  });

  it("cover only the previewed change request, not another of the same space", async () => {
    const w = await previewWorld();
    const res = await resolveUrl(
      siteUrl(w.site.id, `~/changes/${w.crOpen.id}/`),
      {},
      w.owner.token,
    );
    expect(res.status, res.text).toBe(200);
    expect(decodeJwt(res.body.apiToken)).toMatchObject({ draft: true });
    const preview = as(res.body.apiToken);
    for (const path of draftReads(w.open.id, w.crOpen, "open-draft")) {
      const read = await preview.get(path);
      expect(read.status, `${path}: ${read.text}`).not.toBe(404);
    }
    for (const path of draftReads(w.open.id, w.crOther, "other-draft")) {
      const read = await preview.get(path);
      expect(read.status, `${path}: ${read.text}`).toBe(404);
    }
  });

  it("are not minted for a change request of another space than the URL's", async () => {
    const w = await previewWorld();
    // The URL resolves to the open space; the change request named is the closed space's.
    const res = await resolveUrl(
      siteUrl(w.site.id, `~/changes/${w.crClosed.id}/`),
      {},
      w.owner.token,
    );
    expect(res.status, res.text).toBe(404);
    // By number too: the open space's change request number 1 is its own, not another's.
    const byNumber = await resolveUrl(
      siteUrl(w.site.id, `~/changes/${w.crOpen.number}/`),
      {},
      w.owner.token,
    );
    expect(byNumber.status, byNumber.text).toBe(200);
    expect(byNumber.body.changeRequest).toBe(w.crOpen.id);
  });

  it("are not minted for a member who cannot read the previewed space", async () => {
    const w = await previewWorld();
    const url = siteUrl(w.site.id, `${w.closedPath}/~/changes/${w.crClosed.id}/`);
    const refused = await resolveUrl(url, {}, w.reader.token);
    expect(refused.status, refused.text).toBe(404);
    const owner = await resolveUrl(url, {}, w.owner.token);
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body.space).toBe(w.closed.id);
  });

  it("read the previewed revision only, in its own space", async () => {
    const w = await previewWorld();
    const url = siteUrl(w.site.id, `~/revisions/${w.crOpen.revisionId}/`);
    const res = await resolveUrl(url, {}, w.reader.token);
    expect(res.status, res.text).toBe(200);
    const preview = as(res.body.apiToken);
    expect(
      (await preview.get(`/spaces/${w.open.id}/revisions/${w.crOpen.revisionId}`)).status,
    ).toBe(200);
    expect(
      (await preview.get(`/spaces/${w.open.id}/revisions/${w.crOther.revisionId}`)).status,
    ).toBe(404);
    expect((await preview.get(`/spaces/${w.open.id}/change-requests/${w.crOpen.id}`)).status).toBe(
      404,
    );
    const elsewhere = siteUrl(w.site.id, `~/revisions/${w.crClosed.revisionId}/`);
    expect((await resolveUrl(elsewhere, {}, w.owner.token)).status).toBe(404);
  });
});
