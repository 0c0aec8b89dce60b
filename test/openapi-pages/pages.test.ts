import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { makeOrg, type TestUser } from "../helpers/factories";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { operationBlock, openApiSource, petstore } from "../helpers/openapi-pages-fixtures";
import { publishSpec } from "../helpers/openapi-pages-factories";
import { downloadPdf } from "../helpers/pdf-factories";
import { pdfText } from "../helpers/pdf-text";
import {
  ComputedSourceSchema,
  computedPageDocument,
  computedPageMarkdown,
  expandOpenApiBlocks,
  openApiSlugsOf,
} from "../../core/openapi-pages";
import { DocumentSchema, renderMarkdown } from "../../core/document";
import gitbook from "../../node_modules/@gitbook/api/spec/openapi.json";
import { gitbookSpecText } from "../helpers/openapi-factories";
import { emptyStorage } from "../helpers/storage";

describe("pages", () => {
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
      const md = await as(w.owner.token).get(
        `/spaces/${w.space.id}/content/page/${w.computed.id}`,
        {
          query: { format: "markdown" },
        },
      );
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
      const md = await as(w.owner.token).get(
        `/spaces/${w.space.id}/content/page/${w.computed.id}`,
        {
          query: { format: "markdown" },
        },
      );
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
      const res = await as(w.owner.token).get(
        `/spaces/${w.space.id}/content/page/${w.computed.id}`,
        {
          query: { format: "markdown" },
        },
      );
      expect(res.body.markdown).toBe("Plain.\n");
      expect(res.body.computed).toBeUndefined();
    });
  });
});

describe("core", () => {
  beforeAll(emptyStorage);
  const source = (props: Record<string, unknown>, spec = "petstore") =>
    ComputedSourceSchema.parse({
      type: "builtin:openapi",
      dependencies: { spec: { ref: { kind: "openapi", spec } } },
      props,
    });
  const specs = new Map([["petstore", petstore()]]);

  describe("computed sources", () => {
    it("accept the official document kinds and refuse the rest, naming the field", () => {
      expect(source({ doc: "operation", page: "/pets", method: "get" }).props.doc).toBe(
        "operation",
      );
      expect(source({ doc: "models" }).props).toEqual({ doc: "models" });
      const bad = ComputedSourceSchema.safeParse({
        type: "builtin:openapi",
        dependencies: { spec: { ref: { kind: "openapi", spec: "x" } } },
        props: { doc: "operation", page: "/pets", method: "fetch" },
      });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues[0]?.path[0]).toBe("props");
      const revision = ComputedSourceSchema.safeParse({
        type: "builtin:openapi",
        dependencies: { spec: { ref: { kind: "openapi", spec: "x" } } },
        props: { models: true },
      });
      expect(revision.error?.issues[0]?.message).toMatch(/revision-level sources/);
    });
  });

  describe("computed pages", () => {
    it("render one operation: method, path, summary, parameters, responses and schemas", () => {
      const md = computedPageMarkdown(
        source({ doc: "operation", page: "/pets", method: "get" }),
        specs,
      );
      expect(md).toContain("## List pets");
      expect(md).toContain("`GET /pets`");
      expect(md).toContain("Returns every pet the store holds.");
      expect(md).toContain("* `limit` (query, integer (int32)) — How many pets to return.");
      expect(md).toContain("* `X-Trace` (header, string)");
      expect(md).toContain("**`200`** — A list of pets");
      expect(md).toContain("`application/json`: `array of Pet`");
      expect(md).toContain("* `name` (string, required) — Its name.");
      expect(md).toContain("* `id` (integer (int64), required) — Its id.");
      expect(md).toContain('* `kind` ("cat" | "dog")');
      expect(md).toContain("**`default`** — An error");
    });

    it("terminate on recursive and self-referencing schemas", () => {
      const md = computedPageMarkdown(source({ doc: "models" }), specs);
      expect(md).toContain("## The Pet object");
      expect(md).toContain("* `parent` (Pet)");
      expect(md).toContain("* `loop` (Loop)");
      expect(md.length).toBeLessThan(20_000);
    });

    it("render a request body, tags, info and webhooks", () => {
      const tag = computedPageMarkdown(source({ doc: "tag", page: "pets" }), specs);
      expect(tag).toContain("Everything about pets.");
      expect(tag).toContain("## Create a pet");
      expect(tag).toContain("### Request body");
      expect(tag).toContain("`GET /pets/{petId}`");
      expect(tag).toContain("**Deprecated.**");
      expect(tag).toContain("* `petId` (path, string, required)");
      const info = computedPageMarkdown(source({ doc: "info", page: "info" }), specs);
      expect(info).toContain("## Petstore");
      expect(info).toContain("`https://pets.example.com/v1` — Production");
      const hook = computedPageMarkdown(
        source({ doc: "operation", page: "newPet", method: "hook" }),
        specs,
      );
      expect(hook).toContain("## A pet was added");
    });

    it("render a clear placeholder for an unknown spec or operation", () => {
      const missing = computedPageMarkdown(source({ doc: "models" }, "nope"), specs);
      expect(missing).toContain('The API specification "nope" is not available');
      const doc = computedPageDocument(source({ doc: "models" }, "nope"), specs);
      expect(doc.nodes[0]?.type).toBe("hint");
      const op = computedPageMarkdown(
        source({ doc: "operation", page: "/x", method: "get" }),
        specs,
      );
      expect(op).toContain("The operation GET /x is not in this specification.");
    });

    it("render as a valid Document whose markdown keeps the content", () => {
      const doc = computedPageDocument(source({ doc: "tag", page: "pets" }), specs);
      expect(DocumentSchema.safeParse(doc).success).toBe(true);
      expect(renderMarkdown(doc)).toContain("`GET /pets`");
    });
  });

  describe("openapi blocks", () => {
    const page = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          key: "p",
          nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Intro", marks: [] }] }],
        },
        {
          object: "block",
          type: "openapi-operation",
          key: "o",
          isVoid: true,
          data: { ref: { kind: "openapi", spec: "petstore" }, path: "/pets", method: "post" },
        },
        {
          object: "block",
          type: "openapi-schemas",
          key: "s",
          isVoid: true,
          data: { ref: { kind: "openapi", spec: "petstore" }, schemas: ["Error"] },
        },
        {
          object: "block",
          type: "openapi-webhook",
          key: "w",
          isVoid: true,
          data: { ref: { kind: "openapi", spec: "other" }, name: "newPet", method: "post" },
        },
      ],
    };

    it("name the specs they point into", () => {
      expect(openApiSlugsOf(page)).toEqual(["petstore", "other"]);
    });

    it("expand into ordinary blocks, placeholders for unavailable specs", () => {
      const expanded = expandOpenApiBlocks(page, specs);
      expect(DocumentSchema.safeParse(expanded).success).toBe(true);
      const md = renderMarkdown(expanded as never);
      expect(md.startsWith("Intro\n")).toBe(true);
      expect(md).toContain("## Create a pet");
      expect(md).toContain("## The Error object");
      expect(md).toContain('The API specification "other" is not available');
      expect(page.nodes).toHaveLength(4);
      expect(expandOpenApiBlocks({ nodes: [] }, specs)).toEqual({ nodes: [] });
    });

    it("render a webhook block of an available spec, and a placeholder for an unknown webhook", () => {
      const block = (name: string) => ({
        object: "block",
        type: "openapi-webhook",
        key: name,
        isVoid: true,
        data: { ref: { kind: "openapi", spec: "petstore" }, name, method: "post" },
      });
      const doc = { object: "document", data: {}, nodes: [block("newPet"), block("gone")] };
      const expanded = expandOpenApiBlocks(doc, specs);
      expect(DocumentSchema.safeParse(expanded).success).toBe(true);
      const md = renderMarkdown(expanded as never);
      expect(md).toContain("## A pet was added");
      expect(md).toContain("(webhook) newPet");
      expect(md).toContain('The webhook "gone" is not in this specification.');
    });
  });

  describe("a large real spec", () => {
    it("renders GitBook's own tags and models", () => {
      const big = new Map([["gitbook", gitbook as unknown as Record<string, unknown>]]);
      const spaces = computedPageDocument(source({ doc: "tag", page: "spaces" }, "gitbook"), big);
      expect(renderMarkdown(spaces)).toContain("Create a full copy of a space");
      const models = computedPageMarkdown(source({ doc: "models" }, "gitbook"), big);
      expect(models.length).toBeGreaterThan(10_000);
    });
  });
});

describe("large-spec", () => {
  beforeAll(emptyStorage);
  describe("a computed page of GitBook's own spec (~1.7 MB)", () => {
    it("reads as markdown within the page-read budget", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const spec = JSON.parse(gitbookSpecText()) as Record<string, unknown>;
      await publishSpec(owner.token, org.id, "gitbook", spec);
      const cr = await createCr(owner, space.id);
      const content = await postContent(owner, space.id, cr.id, [
        {
          operation: "insert_page",
          title: "Spaces",
          slug: "spaces",
          document: {},
          computed: openApiSource("gitbook", { doc: "operations", page: "spaces" }),
        },
      ]);
      expect(content.status, content.text).toBe(200);
      expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
      await warmToken(owner.token);
      const res = await as(owner.token).get(`/spaces/${space.id}/content/path/spaces`, {
        query: { format: "markdown" },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.markdown).toContain("Create a full copy of a space");
      expect(res.body.markdown).toContain("`POST /spaces/{spaceId}/duplicate`");
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    }, 90_000);
  });
});
