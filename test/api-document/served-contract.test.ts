import { describe, expect, it, beforeAll } from "vitest";
import fc from "fast-check";
import { call, workerFetch } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { renderReference } from "../../src/api-document/reference";
import type { ReferenceDocument } from "../../src/api-document/reference-model";
import { emptyStorage } from "../helpers/storage";

describe("served-contract", () => {
  /** The parts of the served document these checks read. */
  interface Operation {
    operationId: string;
    parameters?: { name: string; in: string; schema?: unknown }[];
    requestBody?: unknown;
    responses: Record<string, unknown>;
    security?: Record<string, string[]>[];
  }

  const METHODS = ["get", "put", "post", "delete", "patch"];

  async function servedDocument() {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    return res.body as { paths: Record<string, Record<string, Operation>> };
  }

  async function servedOperations() {
    const doc = await servedDocument();
    const out: { method: string; path: string; op: Operation }[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (METHODS.includes(method)) out.push({ method, path, op });
      }
    }
    return out;
  }

  /** Every `pattern` of a JSON value, with where it is. */
  function patternsOf(node: unknown, at = "#", out: { at: string; pattern: string }[] = []) {
    if (Array.isArray(node)) node.forEach((v, i) => patternsOf(v, `${at}/${i}`, out));
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === "pattern" && typeof v === "string") out.push({ at, pattern: v });
        else patternsOf(v, `${at}/${k}`, out);
      }
    }
    return out;
  }

  /**
   * Values the server accepts, for the patterns fast-check cannot generate from (unicode property
   * escapes, lookaheads): emoji in every form the emoji and reaction checks take, domains, paths.
   */
  const ACCEPTED = [
    ...["🎉", "👍", "👍🏽", "🇫🇷", "1️⃣", "👩‍💻", "🏳️‍🌈", "❤️", "1f389", "1F44D-1f3fD"],
    ...["example.com", "docs.example.co.uk", "/docs/old-page", "/old/*", "/v1%20docs/a.b~c"],
  ];

  describe("the served document's patterns", () => {
    it("are ECMA-262 patterns without delimiters or flags, each matched by values the server takes", async () => {
      const found = patternsOf(await servedDocument());
      expect(found.length).toBeGreaterThan(100);
      const unmatched: string[] = [];
      for (const { at, pattern } of found) {
        const re = new RegExp(pattern, "u"); // throws on a pattern unicode semantics refuse
        let samples: string[] = [];
        try {
          samples = fc.sample(fc.stringMatching(re), { numRuns: 20, seed: 7 });
        } catch {
          // a construct fast-check does not generate from: the accepted values below
        }
        samples.push(...ACCEPTED);
        if (!samples.some((s) => re.test(s))) unmatched.push(`${at}: ${pattern}`);
      }
      expect(unmatched).toEqual([]);
    });

    it("documents the emoji and reaction checks as the server runs them", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const doc = JSON.stringify(await servedDocument());
      const emoji = patternsOf(JSON.parse(doc)).filter((p) => p.pattern.includes("Pictographic"));
      expect(emoji.length).toBeGreaterThanOrEqual(10);
      for (const value of ["🎉", "1f389", "1F389", "👍🏽"]) {
        const res = await call("PATCH", `/spaces/${space.id}`, {
          token: owner.token,
          body: { emoji: value },
        });
        expect(res.status, value).toBe(200);
        const spacePatterns = emoji.filter((p) => p.pattern.startsWith("^(?:(?:1"));
        expect(spacePatterns.length).toBeGreaterThan(0);
        for (const p of spacePatterns)
          expect(new RegExp(p.pattern, "u").test(value), value).toBe(true);
      }
      const refused = await call("PATCH", `/spaces/${space.id}`, {
        token: owner.token,
        body: { emoji: "ⓜ" },
      });
      expect(refused.status).toBe(400);
    });
    it("documents the media-type, file-name and PEM checks with the patterns the server runs", async () => {
      const found = patternsOf(await servedDocument());
      const at = (field: string) => found.filter((p) => p.at.endsWith(`/${field}`));
      const contentTypes = at("contentType");
      const names = at("name").filter((p) => p.pattern.includes("\\u0000"));
      const certificates = at("certificate");
      expect(contentTypes.length).toBeGreaterThan(0);
      expect(names.length).toBeGreaterThan(0);
      expect(certificates.length).toBeGreaterThanOrEqual(2); // create and update
      const cases: [typeof found, string, boolean][] = [
        [contentTypes, "text/plain; charset=utf-8", true],
        [contentTypes, "text/plain\r\nX-Injected: 1", false],
        [contentTypes, 'image/png; name="a b.png"', true],
        [contentTypes, "no-slash", false],
        [names, "diagram.png", true],
        [names, "bad\u0000name", false],
        [certificates, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", true],
        [certificates, "MIIBbase64only", false],
      ];
      for (const [patterns, value, matches] of cases) {
        for (const p of patterns)
          expect(new RegExp(p.pattern, "u").test(value), value).toBe(matches);
      }
    });
  });

  describe("the served document's answers", () => {
    it("lists 400 on every operation that takes any input", async () => {
      const missing: string[] = [];
      for (const { method, path, op } of await servedOperations()) {
        const input = (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined;
        if (input && !op.responses["400"]) missing.push(`${method.toUpperCase()} ${path}`);
      }
      expect(missing).toEqual([]);
    });

    it("says which operations work without a token (security [] or with {}), and only those", async () => {
      const wrong: string[] = [];
      for (const { method, path, op } of await servedOperations()) {
        const url = `https://quire.test${path.replace(/\{[^}]+\}/g, "x")}`;
        const body = method === "get" || method === "delete" ? undefined : "{}";
        const headers = body ? { "Content-Type": "application/json" } : undefined;
        const res = await workerFetch(url, { method: method.toUpperCase(), body, headers });
        const open = res.status !== 401;
        const security = op.security;
        const says =
          security !== undefined &&
          (security.length === 0 || security.some((s) => Object.keys(s).length === 0));
        if (open !== says)
          wrong.push(
            `${method.toUpperCase()} ${path}: answers ${res.status}, documented ${JSON.stringify(security)}`,
          );
      }
      expect(wrong).toEqual([]);
    });
  });

  describe("the served document says what the server checks", () => {
    /** The JSON request body schema of one served operation, its refs resolved one level. */
    async function bodyOf(method: string, path: string) {
      const doc = (await servedDocument()) as unknown as {
        paths: Record<
          string,
          Record<
            string,
            { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }
          >
        >;
        components: { schemas: Record<string, Record<string, unknown>> };
      };
      const schema = doc.paths[path]![method]!.requestBody!.content["application/json"]!.schema;
      const ref = schema.$ref as string | undefined;
      return ref ? doc.components.schemas[ref.split("/").pop()!]! : schema;
    }

    it("before xor after, at least one field, a required role, a URL, no refused enum value", async () => {
      const sort = await bodyOf("patch", "/v1/orgs/{organizationId}/sites/{siteId}/structure/sort");
      const position = (sort.properties as Record<string, { anyOf?: { required?: string[] }[] }>)
        .position!;
      expect(position.anyOf?.map((b) => b.required)).toEqual([["before"], ["after"]]);
      const share = await bodyOf(
        "patch",
        "/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
      );
      expect(share.minProperties).toBe(1);
      const invite = await bodyOf("post", "/v1/orgs/{organizationId}/link-invites");
      expect(invite.required).toContain("role");
      const dev = await bodyOf("put", "/v1/integrations/{integrationName}/dev");
      expect((dev.properties as Record<string, { format?: string }>).tunnelUrl!.format).toBe("uri");
      const doc = JSON.stringify(await servedDocument());
      expect(doc).not.toMatch(/"name":"extended","in":"query"[^}]*"enum":\["true"/);
    });

    it("refuses a position with both sides or neither by the same schema, naming the rule", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeSpace(org.id, owner);
      const b = await makeSpace(org.id, owner);
      const pointer = { type: "space", space: b.id };
      for (const position of [{ before: pointer, after: pointer }, {}]) {
        const res = await call("POST", `/spaces/${a.id}/move`, {
          token: owner.token,
          body: { position },
        });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe("body.position: give exactly one of before or after");
      }
      const ok = await call("POST", `/spaces/${a.id}/move`, {
        token: owner.token,
        body: { position: { before: pointer } },
      });
      expect(ok.status).not.toBe(400);
    });
  });

  /** A short value an operation's parameter takes: one its pattern matches, a URL, or "a". */
  function validValue(params: NonNullable<Operation["parameters"]>, name: string): string {
    const schema = (params.find((p) => p.name === name)?.schema ?? {}) as {
      pattern?: string;
      format?: string;
    };
    if (schema.format === "uri") return "https://example.com/a";
    if (!schema.pattern) return "a";
    const re = new RegExp(schema.pattern, "u");
    const known = ["a", "a".repeat(64), "a.png", ...ACCEPTED].find((v) => re.test(v));
    return known ?? fc.sample(fc.stringMatching(re), { numRuns: 1, seed: 1 })[0]!;
  }

  describe("the served document's path ids", () => {
    it("are refused one by one past their documented maxLength, with a 400 naming the parameter", async () => {
      const { owner } = await makeOrg();
      const wrong: string[] = [];
      let checked = 0;
      for (const { method, path, op } of await servedOperations()) {
        for (const param of op.parameters ?? []) {
          const max = (param.schema as { maxLength?: number } | undefined)?.maxLength;
          if (param.in !== "path" || max === undefined) continue;
          checked += 1;
          // Every other input is a short valid value; this id is one character too long.
          const params = op.parameters ?? [];
          const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
            name === param.name ? "a".repeat(max + 1) : validValue(params, name),
          );
          const query = params
            .filter((q) => q.in === "query" && (q as { required?: boolean }).required)
            .map((q) => `${q.name}=${encodeURIComponent(validValue(params, q.name))}`)
            .join("&");
          const body = method === "get" || method === "delete" ? undefined : {};
          const target = url.replace(/^\/v1/, "") + (query ? `?${query}` : "");
          const res = await call(method.toUpperCase(), target, {
            token: owner.token,
            body,
          });
          const named = res.text.includes(param.name);
          if (res.status !== 400 || !named) {
            wrong.push(
              `${method.toUpperCase()} ${path} {${param.name}}: ${res.status} ${res.text}`,
            );
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect(wrong).toEqual([]);
    });
  });
});

describe("reference", () => {
  beforeAll(emptyStorage);
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
});
