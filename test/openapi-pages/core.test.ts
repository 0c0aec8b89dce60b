import { describe, expect, it } from "vitest";
import {
  ComputedSourceSchema,
  computedPageDocument,
  computedPageMarkdown,
  expandOpenApiBlocks,
  openApiSlugsOf,
} from "../../core/openapi-pages";
import { DocumentSchema, renderMarkdown } from "../../core/document";
import gitbook from "../../node_modules/@gitbook/api/spec/openapi.json";
import { petstore } from "../helpers/openapi-pages-fixtures";

const source = (props: Record<string, unknown>, spec = "petstore") =>
  ComputedSourceSchema.parse({
    type: "builtin:openapi",
    dependencies: { spec: { ref: { kind: "openapi", spec } } },
    props,
  });
const specs = new Map([["petstore", petstore()]]);

describe("computed sources", () => {
  it("accept the official document kinds and refuse the rest, naming the field", () => {
    expect(source({ doc: "operation", page: "/pets", method: "get" }).props.doc).toBe("operation");
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
    const op = computedPageMarkdown(source({ doc: "operation", page: "/x", method: "get" }), specs);
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
