import type { ContentRefFile, ContentRefURL, DocumentBlock } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { renderOpenAPIBlock } from "../../../core/render/openapi";
import { petstore30, petstoreSwagger2 } from "../fixtures/petstore";
import { schemasBlock, specContext } from "./context";

/** A schema nested `depth` objects deep, each level one property `next`. */
function deepSchema(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < depth; i++)
    schema = { type: "object", properties: { [`level${i}`]: schema } };
  return schema;
}

/** An object with `count` string properties. */
function wideSchema(count: number): Record<string, unknown> {
  const properties = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`p${i}`, { type: "string" }]),
  );
  return { type: "object", properties };
}

const bounded = {
  openapi: "3.0.0",
  paths: {},
  components: {
    schemas: {
      Deep: deepSchema(20),
      Wide: wideSchema(1200),
      A: { type: "object", properties: { b: { $ref: "#/components/schemas/B" } } },
      B: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } } },
      "Odd/Name~1": { type: "object", properties: { ok: { type: "boolean" } } },
      Five: wideSchema(5),
      Twice: {
        type: "object",
        properties: {
          first: { $ref: "#/components/schemas/Five" },
          second: { $ref: "#/components/schemas/Five" },
        },
      },
    },
  },
};
const ctx = specContext({ pets: petstore30(), pets2: petstoreSwagger2(), bounded });

describe("an openapi-schemas block", () => {
  it("shows each schema under a heading, allOf merged, with its facts", () => {
    const html = renderOpenAPIBlock(schemasBlock("pets", ["Pet", "NewPet"]), ctx);
    expect(html).toContain("<h3>The Pet object</h3>");
    expect(html).toContain("<h3>The NewPet object</h3>");
    expect(html).toContain('<code class="q-oa-name">id</code>');
    expect(html).toContain("read-only");
    expect(html).toContain("1–64 chars");
    expect(html).toContain('<p class="q-oa-alts-label">One of:</p>');
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
  });

  it("puts a custom title above the schemas, then each as a sub-heading", () => {
    const html = renderOpenAPIBlock(schemasBlock("pets", ["Dog", "Cat"], "Animals"), ctx);
    expect(html).toContain('<h3 class="q-oa-title">Animals</h3>');
    expect(html).toContain("<h4>Dog</h4>");
  });

  it("ends a recursive schema at its repeat with ↻ Name", () => {
    const html = renderOpenAPIBlock(schemasBlock("pets", ["Category"]), ctx);
    expect(html.match(/↻ Category/g)?.length).toBe(2);
    const mutual = renderOpenAPIBlock(schemasBlock("bounded", ["A"]), ctx);
    expect(mutual).toContain("↻ A");
    const two = renderOpenAPIBlock(schemasBlock("pets2", ["Pet"]), ctx);
    expect(two).toContain("↻ Pet");
  });

  it("stops at depth 8 and at 500 rows per block, with …", () => {
    const deep = renderOpenAPIBlock(schemasBlock("bounded", ["Deep"]), ctx);
    expect(deep).toContain("level12");
    expect(deep).not.toContain("level10");
    expect(deep).toContain('<span class="q-oa-more">…</span>');
    const wide = renderOpenAPIBlock(schemasBlock("bounded", ["Wide", "Deep"]), ctx);
    expect(wide.match(/class="q-oa-prop"/g)?.length).toBe(500);
    expect(wide).toContain('<li class="q-oa-more">…</li>');
  });

  it("expands a named schema once per block, later uses linking back to it", () => {
    const html = renderOpenAPIBlock(schemasBlock("bounded", ["Twice"]), ctx);
    expect(html.match(/<code class="q-oa-name">p4<\/code>/g)?.length).toBe(1);
    expect(html).toContain('<div id="q-oa-schemas-Twice-Five">');
    expect(html).toContain(
      '<a class="q-oa-seen" href="#q-oa-schemas-Twice-Five">Five: see above</a>',
    );
  });

  it("names a missing schema and finds names that need escaping in a pointer", () => {
    const html = renderOpenAPIBlock(schemasBlock("bounded", ["Nope", "Odd/Name~1"]), ctx);
    expect(html).toContain("The schema <code>Nope</code> is not in this specification.");
    expect(html).toContain('<code class="q-oa-name">ok</code>');
  });
});

describe("a legacy swagger block", () => {
  const swagger = (ref: ContentRefFile | ContentRefURL): DocumentBlock => ({
    object: "block",
    type: "swagger",
    isVoid: true,
    data: { ref, method: "get", path: "/pets" },
  });

  it("links the specification URL it carries", () => {
    const html = renderOpenAPIBlock(
      swagger({ kind: "url", url: "https://x.test/o.json?a=1&b" }),
      ctx,
    );
    expect(html).toContain('<a href="https://x.test/o.json?a=1&amp;b"');
    expect(html).toContain("published as a specification file");
  });

  it("never links a URL of another scheme", () => {
    const html = renderOpenAPIBlock(swagger({ kind: "url", url: "javascript:alert(1)" }), ctx);
    expect(html).not.toContain("<a ");
    expect(html).toContain("<code>javascript:alert(1)</code>");
  });

  it("links its file through the revision's files, or says it is unavailable", () => {
    const files = {
      f1: { id: "f1", name: "api.yaml", url: "/files/f1", contentType: "text/yaml", size: 3 },
    };
    const withFile = specContext({}, files);
    expect(renderOpenAPIBlock(swagger({ kind: "file", file: "f1" }), withFile)).toContain(
      'the file api.yaml: <a href="/files/f1"',
    );
    expect(renderOpenAPIBlock(swagger({ kind: "file", file: "f2" }), withFile)).toContain(
      "unavailable",
    );
  });
});
