import { afterEach, describe, expect, it, vi } from "vitest";
import { as } from "../../helpers/api";
import { commitChanges } from "../../helpers/content-factories";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";

/**
 * What readers see follows the API within seconds: a merge shows its new revision, an unpublish
 * closes the site, once the reader's short-lived memory of the URL's resolution (4 s) has passed.
 */
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock past the reader's resolution memory. */
function later(seconds: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe("the reader's freshness", () => {
  it("shows a merged change within 10 s, and the site closes within 10 s of an unpublish", async () => {
    const d = await publishedDocs();
    const url = siteUrl(d.site.id, "guide");
    const before = await readerFetch(url);
    expect(before.text).toContain("Steps.");
    await commitChanges(d.space.id, d.owner.user.id, [
      {
        operation: "update_page",
        page: d.pages.get("Guide")!.pageId,
        document: { markdown: "Fresh words.\n" },
      },
    ]);
    later(5);
    const after = await readerFetch(url);
    expect(after.status).toBe(200);
    expect(after.text).toContain("Fresh words.");
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    const unpublished = await as(d.owner.token).post(
      `/orgs/${d.org.id}/sites/${d.site.id}/unpublish`,
    );
    expect([200, 204]).toContain(unpublished.status);
    later(10);
    expect((await readerFetch(url)).status).toBe(404);
  });
});
