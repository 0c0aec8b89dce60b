import { describe, expect, it } from "vitest";
import { exampleOf, mediaExample } from "../../../core/render/openapi/example";
import { curlCommand, shellQuote } from "../../../core/render/openapi/curl";
import { markdownHtml } from "../../../core/render/openapi/markdown";
import { findOperation, operationParameters } from "../../../core/openapi-pages/spec";
import { petstore30, webhooks31 } from "../fixtures/petstore";

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
    expect(hrefs("[a](JavaScript:alert(1)) [b](data:text/html,x) [c](file:///etc/passwd)")).toEqual(
      [],
    );
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
