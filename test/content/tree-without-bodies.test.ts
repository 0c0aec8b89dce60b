import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { mainDocs } from "../helpers/content-factories";

/** Every page of a tree, depth first. */
function flatten(pages: any[]): any[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

/**
 * `bodies=false` on the tree reads (a revision, its pages): GitBook's shape, each document page
 * naming its `documentId` and no body, so a tree of any size costs its metadata only.
 */
describe("page trees without bodies", () => {
  it("names each page's document instead of carrying it, on the revision and pages reads", async () => {
    const { space, owner } = await mainDocs();
    const api = as(owner.token);
    const revision = (await api.get(`/spaces/${space.id}`)).body.revision;
    const full = await api.get(`/spaces/${space.id}/revisions/${revision}`);
    const bare = await api.get(`/spaces/${space.id}/revisions/${revision}`, {
      query: { bodies: false },
    });
    expect(bare.status).toBe(200);
    const withBodies = flatten(full.body.pages).filter((p) => p.type === "document");
    const without = flatten(bare.body.pages).filter((p) => p.type === "document");
    expect(without.map((p) => p.id)).toEqual(withBodies.map((p) => p.id));
    for (const page of without) {
      expect(page.document).toBeUndefined();
      expect(page.documentId).toMatch(/\S/);
    }
    expect(bare.text.length).toBeLessThan(full.text.length);
    const pages = await api.get(`/spaces/${space.id}/content/pages`, {
      query: { bodies: "false" },
    });
    expect(flatten(pages.body.pages).every((p) => p.document === undefined)).toBe(true);
    // The body is one page document read away.
    const first = without[0];
    const doc = await api.get(
      `/spaces/${space.id}/revisions/${revision}/page/${first.id}/document`,
    );
    expect(doc.status).toBe(200);
    expect(doc.body.object).toBe("document");
  });
});
