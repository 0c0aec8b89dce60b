import { describe, expect, it } from "vitest";
import { renderReference } from "../../src/api-document/reference";
import type { ReferenceDocument } from "../../src/api-document/reference-model";
import { call, workerFetch } from "../helpers/api";

const METHODS = ["get", "post", "put", "patch", "delete"];

/** The reference page for a search (none: the whole page). */
async function page(query?: string) {
  const url = new URL("https://quire.test/v1/reference");
  if (query !== undefined) url.searchParams.set("q", query);
  const res = await workerFetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
  return res.text();
}

/** One operation's section of the page, by its anchor (the operationId). */
function section(html: string, anchor: string): string {
  const match = new RegExp(`<section class="op" id="${anchor}"[\\s\\S]*?</section>`).exec(html);
  expect(match, `no section #${anchor}`).not.toBeNull();
  return match![0];
}

/** The anchors of the operations a page lists. */
function anchors(html: string): string[] {
  return [...html.matchAll(/<section class="op" id="([^"]+)"/g)].map((m) => m[1]!);
}

describe("the HTML API reference", () => {
  it("lists every operation once, anchored by its operationId", async () => {
    const doc = (await call("GET", "/openapi.json")).body as ReferenceDocument;
    const ids: string[] = [];
    for (const item of Object.values(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method] as { operationId: string } | undefined;
        if (op) ids.push(op.operationId);
      }
    }
    const html = await page();
    expect(anchors(html).sort()).toEqual(ids.sort());
    expect(html).toContain('<a href="#tag-spaces">');
  });

  it("shows a request body's fields with types, required marks, bounds and an example", async () => {
    const create = section(await page(), "createSpace");
    expect(create).toContain("POST</span> <code>/v1/orgs/{organizationId}/spaces</code>");
    expect(create).toContain("Request body <span");
    expect(create).toMatch(/<code class="pn">title<\/code> <span class="t">string<\/span>/);
    expect(create).toMatch(/max length \d+/);
    expect(create).toContain("Example request");
    expect(create).toMatch(/<pre><code>\{\n {2}&quot;/);
  });

  it("shows responses: success schemas resolved from $ref, enums, nested objects; errors by link", async () => {
    const get = section(await page(), "getSpaceById");
    expect(get).toContain('<a href="#schema-Space">Space</a> (object)');
    expect(get).toMatch(/<code class="pn">visibility<\/code>[^]*?one of <code>&quot;/);
    expect(get).toMatch(/<details><summary>\d+ fields<\/summary>/);
    expect(get).toContain("Example response");
    expect(get).toContain('<a href="#schema-Error">Error</a>');
    expect(get).toMatch(/<span class="st">404<\/span>/);
    const html = await page();
    expect(html).toContain('<section class="schema-def" id="schema-Space"><h3>Space</h3>');
  });

  it("filters on the server when searched (the form without JavaScript)", async () => {
    const all = anchors(await page());
    const found = anchors(await page("post comments"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    expect(found).toContain("postCommentInSpace");
    expect(anchors(await page("CREATESPACE"))).toEqual(["createSpace"]);
    expect(anchors(await page("no-such-operation-anywhere"))).toEqual([]);
  });

  it("takes any search safely: escaped, bounded, never an error", async () => {
    const hostile = await page('"><script>alert(1)</script>');
    expect(hostile).not.toContain("<script>alert(1)");
    expect(hostile).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(anchors(await page("x".repeat(10_000)))).toEqual([]);
    expect(anchors(await page("   ")).length).toBe(anchors(await page()).length);
  });

  it("renders the whole document once per document, kept for the isolate", async () => {
    // A copy of the served document: the page kept for the app's own copy stays untouched.
    const doc = (await call("GET", "/openapi.json")).body as ReferenceDocument;
    const first = renderReference(doc);
    expect(first).toContain(`${doc.info.title} API reference`);
    // The kept page answers again for this document, even changed: it was not rendered anew.
    doc.info.title = "Retitled after the first render";
    expect(renderReference(doc)).toBe(first);
    // Another document (a copy) is rendered for itself.
    expect(renderReference(structuredClone(doc))).toContain("Retitled after the first render");
  });
});
