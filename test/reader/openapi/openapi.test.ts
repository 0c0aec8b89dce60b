import type { ContentRefFile, ContentRefURL, DocumentBlock } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { renderOpenAPIBlock } from "../../../core/render/openapi";
import { petstore30, petstoreSwagger2, webhooks31 } from "../fixtures/petstore";
import { schemasBlock, specContext, curlText, operationBlock, webhookBlock } from "./context";
import { exampleOf, mediaExample } from "../../../core/render/openapi/example";
import { curlCommand, shellQuote } from "../../../core/render/openapi/curl";
import { markdownHtml } from "../../../core/render/openapi/markdown";
import {
  findOperation,
  operationParameters,
  namedSchemas,
  operationsOf,
  type SpecObject,
} from "../../../core/openapi-pages/spec";
import { highlight } from "../../../core/render/code/highlight";
import gitbook from "../../../node_modules/@gitbook/api/spec/openapi.json";

describe("schemas", () => {
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
});

describe("operation", () => {
  const ctx = specContext({ pets: petstore30(), pets2: petstoreSwagger2(), events: webhooks31() });

  describe("an openapi-operation block", () => {
    const html = renderOpenAPIBlock(operationBlock("pets", "get", "/pets/{petId}"), ctx);

    it("shows the method, the path with its parameters marked, the summary and servers", () => {
      expect(html).toContain('<span class="q-oa-method q-oa-method-get">GET</span>');
      expect(html).toContain('/pets/<span class="q-oa-path-param">{petId}</span>');
      expect(html).toContain('<h3 class="q-oa-title">Get a pet</h3>');
      expect(html).toContain("<code>https://eu.pets.example.com/v1</code>");
      expect(html).toContain("HTTP bearer");
    });

    it("renders the description as markdown, never its raw HTML or unsafe links", () => {
      expect(html).toContain("<strong>one</strong>");
      expect(html).not.toContain("<script>");
      expect(html).toContain("&lt;script&gt;");
      expect(html).not.toMatch(/href="javascript:/i);
    });

    it("groups parameters by place in tables with row headers", () => {
      for (const title of [
        "Path parameters",
        "Query parameters",
        "Header parameters",
        "Cookie parameters",
      ]) {
        expect(html).toContain(`<h4>${title}</h4>`);
      }
      expect(html).toContain('<th scope="row"><code class="q-oa-name">petId</code>');
      expect(html).toContain("Default: <code>&quot;name&quot;</code>");
      expect(html).toContain("Example: <code>&quot;abc&quot;</code>");
    });

    it("lists responses with headers, schema trees, examples, and a curl request", () => {
      expect(html).toContain('<span class="q-oa-status q-oa-status-2xx">200</span>');
      expect(html).toContain("X-Rate-Limit");
      expect(html).toContain("↻ Category");
      expect(html).toContain("&quot;message&quot;: &quot;not found&quot;");
      expect(html).toContain('<code class="language-bash"><span class="q-line">');
      const curl = curlText(html);
      expect(curl).toContain("curl -X GET 'https://eu.pets.example.com/v1/pets/{petId}'");
      expect(curl).toContain('-H "Authorization: Bearer $TOKEN"');
      expect(curl).toContain("-H 'X-Trace: abc'");
      expect(html).toContain('<button type="button" class="q-copy" hidden="">Copy</button>');
    });

    it("builds the request body example without read-only properties", () => {
      const post = renderOpenAPIBlock(operationBlock("pets", "post", "/pets"), ctx);
      expect(post).toContain("Request body");
      expect(post).toContain("&quot;name&quot;: &quot;Rex&quot;");
      const curl = curlText(post);
      expect(curl).toContain("-d '{");
      expect(curl).not.toContain("createdAt");
    });

    it("flags a deprecated operation and an optional authorization", () => {
      const del = renderOpenAPIBlock(operationBlock("pets", "DELETE", "/pets/{petId}"), ctx);
      expect(del).toContain("deprecated");
      expect(del).toContain("No credentials required");
      expect(del).toContain("API key in header X-Api-Key");
    });

    it("reads Swagger 2.0: host and base path, body parameter, query API key", () => {
      const two = renderOpenAPIBlock(operationBlock("pets2", "post", "/pets"), ctx);
      expect(two).toContain("<code>https://petstore.example.com/api</code>");
      expect(two).toContain("API key in query api_key");
      expect(curlText(two)).toContain("dryRun=true&api_key=$API_KEY");
      expect(two).toContain("↻ Pet");
    });

    it("says which operation or spec is missing instead of throwing", () => {
      expect(renderOpenAPIBlock(operationBlock("pets", "get", "/nope"), ctx)).toContain(
        "The operation GET /nope is not in the API specification “pets”.",
      );
      expect(renderOpenAPIBlock(operationBlock("gone", "get", "/pets"), ctx)).toContain(
        "The API specification “gone” is unavailable.",
      );
    });

    it("renders a note for a malformed spec, never an exception", () => {
      const broken = specContext({
        odd: {
          paths: { "/a": { get: { parameters: "x", responses: [1, null], requestBody: 3 } } },
        },
        bad: { paths: { "/b": { get: { responses: { "200": { $ref: "#/%E0%A4%A" } } } } } },
        empty: { info: {} },
      });
      expect(renderOpenAPIBlock(operationBlock("odd", "get", "/a"), broken)).toContain("GET");
      expect(renderOpenAPIBlock(operationBlock("bad", "get", "/b"), broken)).toContain(
        "could not be rendered (GET /b)",
      );
      expect(renderOpenAPIBlock(operationBlock("empty", "get", "/a"), broken)).toContain(
        "could not be read",
      );
    });
  });

  describe("an openapi-webhook block", () => {
    it("shows the payload and its example, without a curl request", () => {
      const html = renderOpenAPIBlock(webhookBlock("events", "newPet", "post"), ctx);
      expect(html).toContain('<span class="q-oa-webhook-label">Webhook</span>');
      expect(html).toContain("<h4>Payload</h4>");
      expect(html).toContain("&quot;id&quot;: 42");
      expect(html).toContain("nullable");
      expect(html).not.toContain("curl");
    });

    it("names a missing webhook", () => {
      expect(renderOpenAPIBlock(webhookBlock("events", "gone", "post"), ctx)).toContain(
        "The webhook POST gone is not in the API specification “events”.",
      );
    });
  });
});

describe("examples", () => {
  const spec = petstore30();

  describe("generated examples", () => {
    it("are deterministic: declared values first, then samples by type and format", () => {
      const pet = { $ref: "#/components/schemas/Pet" };
      const first = exampleOf(spec, pet, "response");
      expect(exampleOf(spec, pet, "response")).toEqual(first);
      expect(first).toEqual({
        name: "Rex",
        tag: "string",
        kind: { barks: true },
        id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
        createdAt: "2024-01-01T00:00:00Z",
        category: { name: "string", children: [] },
      });
    });

    it("leave read-only properties out of requests and write-only out of responses", () => {
      const request = exampleOf(spec, { $ref: "#/components/schemas/Pet" }, "request");
      expect(request).not.toHaveProperty("id");
      const secret = { type: "object", properties: { pw: { type: "string", writeOnly: true } } };
      expect(exampleOf(spec, secret, "response")).toEqual({});
      expect(exampleOf(spec, secret, "request")).toEqual({ pw: "string" });
    });

    it("read 3.1 `examples`, media examples, and stay finite for any schema", () => {
      const events = webhooks31();
      const media = {
        schema: { type: "object", properties: { id: { type: "integer", examples: [42] } } },
      };
      expect(mediaExample(events, "application/json", media, "request")).toEqual({ id: 42 });
      expect(
        mediaExample(spec, "text/plain", { example: "x", schema: { type: "integer" } }, "request"),
      ).toBe("x");
      const xml = { schema: { type: "integer" } };
      expect(mediaExample(spec, "application/xml", xml, "response")).toBeUndefined();
      expect(mediaExample(spec, "application/problem+json", xml, "response")).toBe(0);
      const huge = {
        type: "object",
        properties: Object.fromEntries(
          Array.from({ length: 500 }, (_, i) => [`k${i}`, { type: "integer" }]),
        ),
      };
      expect(Object.keys(exampleOf(spec, huge, "response") as object).length).toBeLessThan(130);
      const loop = { $ref: "#/components/schemas/Loop" };
      const looping = { components: { schemas: { Loop: { $ref: "#/components/schemas/Loop" } } } };
      expect(exampleOf(looping, loop, "response")).toBeUndefined();
    });
  });

  describe("curl requests", () => {
    it("quote for the shell and send credentials as variables", () => {
      expect(shellQuote("it's")).toBe(`'it'\\''s'`);
      const op = findOperation(spec, "/pets", "post")!;
      const curl = curlCommand({
        spec,
        op,
        server: "https://api.test/",
        parameters: operationParameters(spec, op),
        security: [{ name: "k", type: "apiKey", in: "header", keyName: "X-Key", scopes: [] }],
      });
      expect(curl.split(" \\\n  ")).toEqual([
        "curl -X POST 'https://api.test/pets'",
        `-H "X-Key: $API_KEY"`,
        "-H 'Content-Type: application/json'",
        `-d '${JSON.stringify({ name: "Rex", tag: "string", kind: { barks: true } }, null, 2)}'`,
      ]);
    });
  });

  describe("spec markdown", () => {
    it("links what the one link rule allows, as it writes it, and nothing else", () => {
      const hrefs = (markdown: string) =>
        [...markdownHtml(markdown).matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs("[a](https://a.test) [b](mailto:a@b.test) [c](#anchor) [d](tel:+1)")).toEqual([
        "https://a.test",
        "mailto:a@b.test",
        "#anchor",
        "tel:+1",
      ]);
      expect(
        hrefs("[a](JavaScript:alert(1)) [b](data:text/html,x) [c](file:///etc/passwd)"),
      ).toEqual([]);
      // Protocol-relative: the https URL to that host, as every renderer writes it.
      expect(hrefs("[a](//evil.test/x)")).toEqual(["https://evil.test/x"]);
    });

    it("shows raw HTML as text and images as links", () => {
      const html = markdownHtml('<b onclick="x">hi</b> ![logo](https://cdn.test/l.png)');
      expect(html).toContain("&lt;b onclick=&quot;x&quot;&gt;");
      expect(html).not.toContain("<img");
      expect(html).toContain('<a href="https://cdn.test/l.png" rel="noopener nofollow">logo</a>');
    });
  });
});

describe("gitbook-spec", () => {
  const spec = gitbook as unknown as SpecObject;
  const ctx = specContext({ gitbook: spec });

  describe("GitBook's own spec (~1.7 MB, OpenAPI 3.1)", () => {
    // How fast: bench/render.mjs (`npm run bench:render`), against a baseline of the same run.
    it("renders every operation, identically twice, none as a failure note", () => {
      const operations = operationsOf(spec);
      expect(operations.length).toBeGreaterThan(200);
      const renderAll = () =>
        operations.map((op) =>
          renderOpenAPIBlock(operationBlock("gitbook", op.method, op.path), ctx),
        );
      // Shiki stops tokenizing a line after 500 ms of wall time (its `tokenizeTimeLimit`), the
      // grammar's first compile included, so on a loaded machine the colour spans of a line can
      // differ from one render to the next: the bash grammar is built first, and the two renders are
      // compared without their spans (the text and every other element identical).
      highlight("true", "bash");
      const pages = renderAll();
      const unspanned = (html: string) => html.replace(/<\/?span\b[^>]*>/g, "");
      expect(renderAll().map(unspanned)).toEqual(pages.map(unspanned));
      pages.forEach((html, i) => {
        const op = operations[i]!;
        expect(html, `${op.method} ${op.path}`).not.toContain('class="q-oa-note"');
        expect(html).toContain(`q-oa-method-${op.method === "head" ? "other" : ""}`);
      });
    });

    it("renders the space duplication operation with its server and token", () => {
      const html = renderOpenAPIBlock(
        operationBlock("gitbook", "post", "/spaces/{spaceId}/duplicate"),
        ctx,
      );
      expect(html).toContain("Create a full copy of a space");
      expect(html).toContain('/spaces/<span class="q-oa-path-param">{spaceId}</span>/duplicate');
      expect(curlText(html)).toContain('-H "Authorization: Bearer $TOKEN"');
    });

    it("renders every named schema, recursive ones included, bounded per block", () => {
      const names = Object.keys(namedSchemas(spec));
      expect(names.length).toBeGreaterThan(500);
      for (let i = 0; i < names.length; i += 50) {
        const html = renderOpenAPIBlock(schemasBlock("gitbook", names.slice(i, i + 50)), ctx);
        expect(html).not.toContain("could not be rendered");
        expect(html.match(/class="q-oa-prop( q-oa-alt)?"/g)?.length ?? 0).toBeLessThanOrEqual(500);
      }
      const doc = renderOpenAPIBlock(schemasBlock("gitbook", ["DocumentBlockTabs"]), ctx);
      expect(doc).toContain("↻");
    });
  });
});
