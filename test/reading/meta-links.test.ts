import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  reloadSpace,
} from "../helpers/content-factories";
import { makeSite } from "../helpers/sites-factories";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";

/**
 * A site publishing two language variants at its root (English: "Introduction" > "Install",
 * "Guide"; French: "Introduction" > "Install" only) and a third space published elsewhere.
 */
async function variants(visibility: "public" | "share-link" = "public") {
  const { org, owner } = await makeOrg();
  const en = await makeContentSpace(org.id, owner, "English");
  const fr = await makeContentSpace(org.id, owner, "Français");
  const other = await makeContentSpace(org.id, owner, "Other");
  await commitChanges(en.id, owner.user.id, [
    { operation: "insert_page", ref: "i", title: "Introduction", document: {} },
    { operation: "insert_page", into: "i", title: "Install", document: {} },
    { operation: "insert_page", title: "Guide", document: {} },
  ]);
  await commitChanges(fr.id, owner.user.id, [
    { operation: "insert_page", ref: "i", title: "Introduction", document: {} },
    { operation: "insert_page", into: "i", title: "Install", document: {} },
  ]);
  await commitChanges(other.id, owner.user.id, [
    { operation: "insert_page", ref: "i", title: "Introduction", document: {} },
    { operation: "insert_page", into: "i", title: "Install", document: {} },
  ]);
  const site = await makeSite(org.id, owner, {
    spaces: [{ id: en.id }, { id: fr.id }],
    published: true,
    visibility,
  });
  await makeSite(org.id, owner, { spaces: [{ id: other.id }], published: true });
  return {
    org,
    owner,
    site,
    en: await reloadSpace(en.id),
    fr: await reloadSpace(fr.id),
    enPages: await mainPagesByTitle(en.id),
    frPages: await mainPagesByTitle(fr.id),
  };
}

describe("page meta-links", () => {
  it("lists the page at the same path in the site's other variants, for a site token", async () => {
    const v = await variants();
    const token = await siteTokenFor(siteUrl(v.site.id));
    const install = v.enPages.get("Install")!.pageId;
    const res = await as(token).get(
      `/spaces/${v.en.id}/revisions/${v.en.revisionId}/page/${install}/meta-links`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      alternates: [{ kind: "page", page: v.frPages.get("Install")!.pageId, space: v.fr.id }],
    });
    const back = await as(token).get(
      `/spaces/${v.fr.id}/content/page/${v.frPages.get("Install")!.pageId}/meta-links`,
    );
    expect(back.body.alternates).toEqual([{ kind: "page", page: install, space: v.en.id }]);
  });

  it("has no alternate where a variant has no page at that path", async () => {
    const v = await variants();
    const token = await siteTokenFor(siteUrl(v.site.id));
    const guide = v.enPages.get("Guide")!.pageId;
    const res = await as(token).get(`/spaces/${v.en.id}/content/page/${guide}/meta-links`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alternates: [] });
  });

  it("answers members at main, a revision and a change request", async () => {
    const v = await variants();
    const install = v.enPages.get("Install")!.pageId;
    const expected = [{ kind: "page", page: v.frPages.get("Install")!.pageId, space: v.fr.id }];
    const owner = as(v.owner.token);
    const main = await owner.get(`/spaces/${v.en.id}/content/page/${install}/meta-links`);
    expect(main.body.alternates).toEqual(expected);
    const cr = await owner.post(`/spaces/${v.en.id}/change-requests`, { subject: "x" });
    const inCr = await owner.get(
      `/spaces/${v.en.id}/change-requests/${cr.body.id}/content/page/${install}/meta-links`,
    );
    expect(inCr.status, inCr.text).toBe(200);
    expect(inCr.body.alternates).toEqual(expected);
  });

  it("shows members no variant of a site only some may read", async () => {
    const v = await variants("share-link");
    const install = v.enPages.get("Install")!.pageId;
    const res = await as(v.owner.token).get(
      `/spaces/${v.en.id}/content/page/${install}/meta-links`,
    );
    expect(res.body).toEqual({ alternates: [] });
  });

  it("is a 404 for another site's token, identical to a space that does not exist", async () => {
    const v = await variants();
    const other = await publishedDocs();
    const token = await siteTokenFor(siteUrl(other.site.id));
    const install = v.enPages.get("Install")!.pageId;
    const foreign = await as(token).get(`/spaces/${v.en.id}/content/page/${install}/meta-links`);
    const missing = await as(token).get(`/spaces/nope/content/page/${install}/meta-links`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const change = await as(token).get(
      `/spaces/${other.space.id}/change-requests/x/content/page/${install}/meta-links`,
    );
    expect(change.status).toBe(404);
  });

  it("is a 404 for a page that is not there", async () => {
    const v = await variants();
    const token = await siteTokenFor(siteUrl(v.site.id));
    const res = await as(token).get(`/spaces/${v.en.id}/content/page/nope/meta-links`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Page not found");
  });
});

describe("reusable contents", () => {
  it("are an honest 404 once the reader may read the content", async () => {
    const d = await publishedDocs();
    const token = await siteTokenFor(siteUrl(d.site.id));
    const space = await as(token).get(`/spaces/${d.space.id}`);
    const rev = `/spaces/${d.space.id}/revisions/${space.body.revision}`;
    for (const path of [
      `${rev}/reusable-contents/rc1`,
      `${rev}/reusable-contents/rc1/document`,
      `/spaces/${d.space.id}/content/reusable-contents/rc1`,
    ]) {
      const res = await as(token).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe("Reusable content not found");
    }
    const other = await publishedDocs();
    const foreign = await as(await siteTokenFor(siteUrl(other.site.id))).get(
      `${rev}/reusable-contents/rc1/document`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Space not found");
  });
});
