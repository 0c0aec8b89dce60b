import { describe, expect, it } from "vitest";
import { makeOrg } from "../../helpers/factories";
import { makeContentSpace } from "../../helpers/content-factories";
import { commitIndexed } from "../../search/fixtures";
import { makeSite } from "../../helpers/sites-factories";
import { siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";

/** The hrefs of the hits a search page lists. */
function hitHrefs(html: string): string[] {
  return [...html.matchAll(/<h2 class="q-hit-title"><a href="([^"]+)"/g)].map((m) => m[1]!);
}

/**
 * The search page offers every result the API has: a next page when there are more (issue 33:
 * it said "24 results" and offered no next page while the API had more).
 */
describe("the reader's search pages", () => {
  it("pages through every hit with links that work without JavaScript", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    await commitIndexed(
      space.id,
      owner,
      Array.from({ length: 45 }, (_, i) => ({
        operation: "insert_page" as const,
        title: `Kiwi ${i}`,
        document: { markdown: `Growing kiwi fruit, part ${i}.\n` },
      })),
    );
    const site = await makeSite(org.id, owner, {
      spaces: [{ id: space.id }],
      published: true,
      visibility: "public",
    });
    const seen = new Set<string>();
    let url: string | undefined = `${siteUrl(site.id)}/~search?q=kiwi`;
    for (let step = 0; url && step < 10; step++) {
      const res = await readerFetch(url);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      for (const href of hitHrefs(res.text)) {
        expect(seen.has(href)).toBe(false);
        seen.add(href);
      }
      const next = /<a href="([^"]+)" rel="next">Next results<\/a>/.exec(res.text)?.[1];
      url = next ? new URL(next.replace(/&amp;/g, "&"), url).toString() : undefined;
      if (step === 0) expect(next).toBeDefined();
    }
    expect(seen.size).toBe(45);
  });
});
