import { describe, expect, it } from "vitest";
import { as, call } from "../../helpers/api";
import {
  publishedDocs,
  revisionReader,
  siteTokenFor,
  siteUrl,
} from "../../helpers/reading-factories";
import { readerFetch } from "../../reader/helpers";

/**
 * Every answer that takes `If-None-Match` goes through the one matcher (core/requests/conditional.ts),
 * through both Workers' entries: a list naming the tag, the tag's weak form and `*` are each
 * answered 304; another tag and a malformed field get the full answer.
 */

let unique = 0;

/** The `If-None-Match` values that must revalidate the representation tagged `etag`. */
function matching(etag: string): string[] {
  const opaque = etag.replace(/^W\//, "");
  return [`"other", ${etag}`, `W/${opaque}`, opaque, "*", ` "a" ,, W/${opaque} `];
}

/** Values that must not: another tag, and malformed fields naming the tag. */
function notMatching(etag: string): string[] {
  const opaque = etag.replace(/^W\//, "");
  return ['"other"', `${opaque} ${opaque}`, `*, ${opaque}`, opaque.slice(0, -1)];
}

/** Asks `url` with each value, each time at a new address (so no kept view answers it). */
async function readerStatuses(url: string, values: string[], fresh: boolean): Promise<number[]> {
  const out: number[] = [];
  for (const value of values) {
    const at = fresh ? `${url}?v=${(unique += 1)}` : url;
    out.push((await readerFetch(at, { headers: { "If-None-Match": value } })).status);
  }
  return out;
}

describe("If-None-Match on every route that answers it", () => {
  it("the reader's pages: rendered (routes/page.ts) and recent views (cache/recent-views.ts)", async () => {
    const d = await publishedDocs();
    const url = siteUrl(d.site.id, "guide");
    const etag = (await readerFetch(url)).headers.get("ETag")!;
    const values = matching(etag);
    expect(await readerStatuses(url, values, true)).toEqual(values.map(() => 304));
    expect(await readerStatuses(url, values, false)).toEqual(values.map(() => 304));
    const others = notMatching(etag);
    expect(await readerStatuses(url, others, true)).toEqual(others.map(() => 200));
    expect(await readerStatuses(url, others, false)).toEqual(others.map(() => 200));
  });

  it("the reader's markdown twins and llms-full.txt", async () => {
    const d = await publishedDocs();
    for (const path of ["introduction/install.md", "llms-full.txt"]) {
      const url = siteUrl(d.site.id, path);
      const etag = (await readerFetch(url)).headers.get("ETag")!;
      expect(etag, path).toBeTruthy();
      const values = matching(etag);
      expect(await readerStatuses(url, values, false), path).toEqual(values.map(() => 304));
      const others = notMatching(etag);
      expect(await readerStatuses(url, others, false), path).toEqual(others.map(() => 200));
    }
  });

  it("published files: the API's route and the reader's proxy of it", async () => {
    const { site, space, file } = await publishedDocs();
    const token = await siteTokenFor(siteUrl(site.id));
    const listed = await as(token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
    const path = new URL(listed.body.downloadURL as string).pathname.slice(3);
    const first = await call("GET", path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag")!;
    const proxied = `https://app.quire.test/_quire/files/${path.slice("/published-files/".length)}`;
    for (const value of matching(etag)) {
      expect((await call("GET", path, { headers: { "If-None-Match": value } })).status, value).toBe(
        304,
      );
      const viaReader = await readerFetch(proxied, { headers: { "If-None-Match": value } });
      expect(viaReader.status, value).toBe(304);
    }
    for (const value of notMatching(etag)) {
      expect((await call("GET", path, { headers: { "If-None-Match": value } })).status, value).toBe(
        200,
      );
    }
  });

  it("the API's reader caching (middleware/reader-cache.ts): derived and digest ETags", async () => {
    const { token, fixedPaths } = await revisionReader();
    const { site, space } = await publishedDocs();
    const other = await siteTokenFor(siteUrl(site.id));
    const cases: [string, string][] = [
      [token, fixedPaths[0]!],
      [other, `/spaces/${space.id}/content/pages`],
    ];
    for (const [caller, path] of cases) {
      const first = await as(caller).get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("ETag")!;
      for (const value of matching(etag)) {
        const again = await as(caller).get(path, { headers: { "If-None-Match": value } });
        expect(again.status, `${path} ${value}`).toBe(304);
      }
      for (const value of notMatching(etag)) {
        const again = await as(caller).get(path, { headers: { "If-None-Match": value } });
        expect(again.status, `${path} ${value}`).toBe(200);
      }
    }
  });
});
