import { describe, expect, it } from "vitest";
import { as, d1Cost, workerFetch } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import {
  commitChanges,
  mainDocs as docs,
  makeContentSpace,
  seedManyPages,
} from "../helpers/content-factories";

describe("GET /v1/spaces/{spaceId}/content/page/{pageId}", () => {
  it("returns the page with its document, children and metadata", async () => {
    const { reader, space } = await docs();
    const tree = await as(reader.token).get(`/spaces/${space.id}/content/pages`);
    const intro = tree.body.pages[0];
    const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: intro.id,
      title: "Introduction",
      path: "introduction",
      slug: "introduction",
      type: "document",
      noIndex: false,
      noRobotsIndex: false,
    });
    expect(res.body.document).toEqual(intro.document);
    expect(res.body.pages.map((p: any) => p.title)).toEqual(["Install"]);
    expect(res.body.createdAt).toEqual(expect.any(String));
    expect(res.body.markdown).toBeUndefined();
  });

  it("returns the markdown form equal to what was written, links included", async () => {
    const { owner, reader, space } = await docs();
    const tree = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages;
    const [intro, guide] = tree;
    const markdown = `See [the guide](/pages/${guide.id}) and [a file](/files/abc).\n\n* one\n* two\n`;
    await commitChanges(space.id, owner.user.id, [
      { operation: "update_page", page: intro.id, document: { markdown } },
    ]);
    const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro.id}`, {
      query: { format: "markdown" },
    });
    expect(res.status).toBe(200);
    expect(res.body.markdown).toBe(markdown);
    expect(res.body.document).toBeUndefined();
    expect(res.body.pages[0].markdown).toBe("Run `npm i`.\n");
    const stable = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro.id}`, {
      query: { format: "markdown", "format.markdown.refs": "stable" },
    });
    expect(stable.body.markdown).toBe(markdown);
  });

  it("accepts evaluated true, false and deterministic-only: the document is unchanged", async () => {
    const { reader, space } = await docs();
    const page = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages[1];
    for (const evaluated of ["true", "false", "deterministic-only"]) {
      const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${page.id}`, {
        query: { evaluated, dereferenced: "reusable-contents" },
      });
      expect(res.status).toBe(200);
      expect(res.body.document).toEqual(page.document);
    }
  });

  it("refuses a bad format, evaluated or refs value naming the query field", async () => {
    const { reader, space } = await docs();
    const page = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages[0];
    const cases: [string, string][] = [
      ["format", "html"],
      ["evaluated", "sometimes"],
      ["format.markdown.refs", "absolute"],
      ["dereferenced", "all"],
    ];
    for (const [field, value] of cases) {
      const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${page.id}`, {
        query: { [field]: value },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.error.message.startsWith(`query.${field}: `), res.body.error.message).toBe(
        true,
      );
    }
  });

  it("answers 404 for a page that does not exist in the revision", async () => {
    const { reader, space } = await docs();
    const res = await as(reader.token).get(`/spaces/${space.id}/content/page/neverexisted`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Page not found");
  });

  it("costs at most 2 round trips including authentication", async () => {
    const { reader, space } = await docs();
    const page = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages[0];
    const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${page.pages[0].id}`, {
      query: { format: "markdown" },
    });
    expect(res.status).toBe(200);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    expect(d1Cost(res).unmetered).toBe(0);
  });

  it("reads few rows for one page of a 500-page space", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const rows = await seedManyPages(space.id, 500);
    const leaf = rows[257]!;
    const res = await as(owner.token).get(`/spaces/${space.id}/content/page/${leaf.pageId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Page 257", path: "page-250/page-257", pages: [] });
    const cost = d1Cost(res);
    expect(cost.roundTrips).toBeLessThanOrEqual(2);
    expect(cost.rowsRead).toBeLessThan(60);
    const parent = await as(owner.token).get(
      `/spaces/${space.id}/content/page/${rows[250]!.pageId}`,
    );
    expect(parent.body.pages.map((p: any) => p.title)).toEqual(
      rows.slice(251, 260).map((r) => r.title),
    );
    expect(d1Cost(parent).rowsRead).toBeLessThan(150);
    const byPath = await as(owner.token).get(
      `/spaces/${space.id}/content/path/page-250%2Fpage-257`,
    );
    expect(byPath.body.id).toBe(leaf.pageId);
    expect(d1Cost(byPath).roundTrips).toBeLessThanOrEqual(2);
    // A path lookup reads the siblings along the path (no slug index), still far below 500.
    expect(d1Cost(byPath).rowsRead).toBeLessThan(250);
  });
});

describe("GET /v1/spaces/{spaceId}/content/path/{pagePath}", () => {
  it("finds a page by its path, encoded or with plain slashes", async () => {
    const { reader, space } = await docs();
    const encoded = await as(reader.token).get(
      `/spaces/${space.id}/content/path/introduction%2Finstall`,
      { query: { format: "markdown" } },
    );
    expect(encoded.status).toBe(200);
    expect(encoded.body).toMatchObject({
      title: "Install",
      path: "introduction/install",
      markdown: "Run `npm i`.\n",
    });
    const root = await as(reader.token).get(`/spaces/${space.id}/content/path/introduction`);
    expect(root.body).toMatchObject({ title: "Introduction", path: "introduction" });
    expect(root.body.pages.map((p: any) => p.title)).toEqual(["Install"]);
    const plain = await workerFetch(
      `https://quire.test/v1/spaces/${space.id}/content/path/introduction/install?format=markdown`,
      {
        headers: { Authorization: `Bearer ${reader.token}` },
      },
    );
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual(encoded.body);
    expect(d1Cost({ headers: plain.headers } as never).roundTrips).toBeLessThanOrEqual(2);
  });

  it("answers 404 for a path no page has, and 400 for a bad query", async () => {
    const { reader, space } = await docs();
    for (const path of ["nothing", "introduction%2Fnothing", "install"]) {
      const res = await as(reader.token).get(`/spaces/${space.id}/content/path/${path}`);
      expect(res.status, path).toBe(404);
    }
    const plain = await workerFetch(
      `https://quire.test/v1/spaces/${space.id}/content/path/introduction/nothing`,
      {
        headers: { Authorization: `Bearer ${reader.token}` },
      },
    );
    expect(plain.status).toBe(404);
    const bad = await workerFetch(
      `https://quire.test/v1/spaces/${space.id}/content/path/introduction/install?evaluated=x`,
      {
        headers: { Authorization: `Bearer ${reader.token}` },
      },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toMatch(/^query\.evaluated: /);
  });
});
