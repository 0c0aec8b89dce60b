import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { operationBlock, openApiSource, petstore } from "../helpers/openapi-pages-fixtures";
import { publishSpec } from "../helpers/openapi-pages-factories";
import type { TestUser } from "../helpers/factories";
import { downloadPdf } from "../helpers/pdf-factories";
import { pdfText } from "../helpers/pdf-text";

/** Applies a content batch through a change request and merges it; returns the batch answer. */
async function commit(user: TestUser, spaceId: string, changes: unknown[]) {
  const cr = await createCr(user, spaceId, "spec pages");
  const content = await postContent(user, spaceId, cr.id, changes);
  expect(content.status, content.text).toBe(200);
  const merged = await postMerge(user, spaceId, cr.id);
  expect(merged.status, merged.text).toBe(200);
  return content.body;
}

/** A space whose organization published the petstore spec, with a computed and a normal page. */
async function world() {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  await publishSpec(owner.token, org.id, "petstore", petstore());
  await commit(owner, space.id, [
    {
      operation: "insert_page",
      title: "List pets",
      slug: "list-pets",
      document: {},
      computed: openApiSource("petstore", { doc: "operation", page: "/pets", method: "get" }),
    },
    {
      operation: "insert_page",
      title: "Guide",
      slug: "guide",
      document: {
        document: {
          object: "document",
          data: {},
          nodes: [
            {
              object: "block",
              type: "paragraph",
              nodes: [
                {
                  object: "text",
                  leaves: [{ object: "leaf", text: "Read this first.", marks: [] }],
                },
              ],
            },
            operationBlock("petstore", "/pets", "post"),
            operationBlock("unknown-spec", "/pets", "get"),
          ],
        },
      },
    },
  ]);
  const pages = (await as(owner.token).get(`/spaces/${space.id}/content/pages`)).body.pages;
  const byTitle = (t: string) => pages.find((p: { title: string }) => p.title === t);
  return { org, owner, space, computed: byTitle("List pets"), guide: byTitle("Guide") };
}

describe("pages computed from an API spec", () => {
  it("read as markdown and as a Document rendered from the spec, within the read budget", async () => {
    const w = await world();
    expect(w.computed.computed).toMatchObject({ type: "builtin:openapi" });
    // Not `computedSeed`: with it, the official RevisionPageDocument's oneOf matches twice.
    expect(w.computed.computedSeed).toBeUndefined();
    await warmToken(w.owner.token);
    const md = await as(w.owner.token).get(`/spaces/${w.space.id}/content/page/${w.computed.id}`, {
      query: { format: "markdown" },
    });
    expect(md.status, md.text).toBe(200);
    expect(md.body.markdown).toContain("## List pets");
    expect(md.body.markdown).toContain("`GET /pets`");
    expect(md.body.markdown).toContain("`limit` (query, integer (int32))");
    expect(md.body.markdown).toContain("`name` (string, required) — Its name.");
    expect(d1Cost(md).roundTrips).toBeLessThanOrEqual(2);
    expect(d1Cost(md).unmetered).toBe(0);
    const doc = await as(w.owner.token).get(`/spaces/${w.space.id}/content/path/list-pets`);
    expect(doc.status, doc.text).toBe(200);
    const text = JSON.stringify(doc.body.document);
    expect(text).toContain("List pets");
    expect(text).toContain("A list of pets");
    expect(d1Cost(doc).roundTrips).toBeLessThanOrEqual(2);
  });

  it("follow a new version of the spec", async () => {
    const w = await world();
    await publishSpec(w.owner.token, w.org.id, "petstore", petstore("2.0.0", "Browse all pets"));
    const md = await as(w.owner.token).get(`/spaces/${w.space.id}/content/page/${w.computed.id}`, {
      query: { format: "markdown" },
    });
    expect(md.body.markdown).toContain("## Browse all pets");
    expect(md.body.markdown).not.toContain("## List pets");
  });

  it("render openapi blocks of a normal page, and a placeholder for an unknown spec", async () => {
    const w = await world();
    const md = await as(w.owner.token).get(`/spaces/${w.space.id}/content/page/${w.guide.id}`, {
      query: { format: "markdown" },
    });
    expect(md.status, md.text).toBe(200);
    expect(md.body.markdown).toContain("Read this first.");
    expect(md.body.markdown).toContain("## Create a pet");
    expect(md.body.markdown).toContain("### Request body");
    expect(md.body.markdown).toContain('The API specification "unknown-spec" is not available');
    expect(d1Cost(md).roundTrips).toBeLessThanOrEqual(2);
    // The Document keeps the official pointer blocks; `dereferenced` renders them.
    const raw = await as(w.owner.token).get(`/spaces/${w.space.id}/content/page/${w.guide.id}`);
    expect(raw.body.document.nodes[1].type).toBe("openapi-operation");
    const expanded = await as(w.owner.token).get(
      `/spaces/${w.space.id}/content/page/${w.guide.id}`,
      { query: { dereferenced: "true" } },
    );
    const types = expanded.body.document.nodes.map((n: { type: string }) => n.type);
    expect(types).not.toContain("openapi-operation");
    expect(JSON.stringify(expanded.body.document)).toContain("Create a pet");
  });

  it("render a clear placeholder, not an error, when the spec does not exist", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    await commit(owner, space.id, [
      {
        operation: "insert_page",
        title: "Models",
        document: {},
        computed: openApiSource("nope", { doc: "models" }),
      },
    ]);
    const res = await as(owner.token).get(`/spaces/${space.id}/content/path/models`, {
      query: { format: "markdown" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.markdown).toContain('The API specification "nope" is not available');
  });

  it("refuse bad computed sources and documents beside them, naming the field", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const cr = await createCr(owner, space.id);
    const bad = await postContent(owner, space.id, cr.id, [
      {
        operation: "insert_page",
        title: "X",
        document: {},
        computed: openApiSource("petstore", { doc: "operation", page: "/pets" }),
      },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^body\.changes\[0\]\.computed/);
    const withDoc = await postContent(owner, space.id, cr.id, [
      {
        operation: "insert_page",
        title: "X",
        document: { markdown: "hello" },
        computed: openApiSource("petstore", { doc: "models" }),
      },
    ]);
    expect(withDoc.status).toBe(400);
    expect(withDoc.body.error.message).toMatch(/^body\.changes\[0\]\.document: a computed page/);
    const revision = await postContent(owner, space.id, cr.id, [
      {
        operation: "insert_page",
        title: "X",
        document: {},
        computed: openApiSource("petstore", { models: true }),
      },
    ]);
    expect(revision.status).toBe(400);
    expect(revision.body.error.message).toMatch(/revision-level sources/);
  });

  it("render in the PDF: the computed operation and the blocks of a normal page", async () => {
    const w = await world();
    const { bytes } = await downloadPdf(w.owner.token, `/spaces/${w.space.id}/pdf`);
    const text = await pdfText(bytes);
    expect(text).toContain("List pets");
    expect(text).toContain("GET /pets");
    expect(text).toContain("Returns every pet the store holds.");
    expect(text).toContain("Create a pet");
    expect(text).toContain("POST /pets");
  });

  it("render a new version of the spec in the PDF, though the content did not change", async () => {
    const w = await world();
    const before = await pdfText(
      (await downloadPdf(w.owner.token, `/spaces/${w.space.id}/pdf`)).bytes,
    );
    expect(before).toContain("List pets");
    await publishSpec(w.owner.token, w.org.id, "petstore", petstore("2.0.0", "Browse all pets"));
    const after = await pdfText(
      (await downloadPdf(w.owner.token, `/spaces/${w.space.id}/pdf`)).bytes,
    );
    // The operation's summary comes from the new version (the page's own title stays).
    expect(after).toContain("Browse all pets");
  });

  it("turn a computed page back into a normal one with computed: null", async () => {
    const w = await world();
    await commit(w.owner, w.space.id, [
      {
        operation: "update_page",
        page: w.computed.id,
        computed: null,
        document: { markdown: "Plain." },
      },
    ]);
    const res = await as(w.owner.token).get(`/spaces/${w.space.id}/content/page/${w.computed.id}`, {
      query: { format: "markdown" },
    });
    expect(res.body.markdown).toBe("Plain.\n");
    expect(res.body.computed).toBeUndefined();
  });
});
