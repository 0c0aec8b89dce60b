import { describe, expect, it } from "vitest";
import { renderOpenAPIBlock } from "../../../core/render/openapi";
import { petstore30, petstoreSwagger2, webhooks31 } from "../fixtures/petstore";
import { curlText, operationBlock, specContext, webhookBlock } from "./context";

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
      odd: { paths: { "/a": { get: { parameters: "x", responses: [1, null], requestBody: 3 } } } },
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
