import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { openapiSpecs } from "../../src/db/schema";
import { runScheduled } from "../../src/scheduled";
import { as, call } from "../helpers/api";
import { eventually } from "../helpers/jobs";
import { makeOrg, testDb } from "../helpers/factories";
import { waitProcessed, makeSpec, smallSpecText } from "../helpers/openapi-factories";
import { buildSpec } from "../../src/openapi-specs/build";
import { parseSpecText } from "../../src/openapi-specs/parse";
import {
  MAX_ALIAS_NODES,
  MAX_SPEC_DEPTH,
  MAX_YAML_CHARACTERS,
  yamlExpandedSize,
} from "../../src/openapi-specs/bounds";
import { SpecProcessError } from "../../src/openapi-specs/types";
import { parseDocument } from "yaml";
import { emptyStorage } from "../helpers/storage";

describe("sources", () => {
  const HOST = "https://specs.example.com";

  /** Creates a URL spec and waits for its first processing. */
  async function urlSpec(url: string) {
    const { org, owner } = await makeOrg();
    const res = await as(owner.token).post(`/orgs/${org.id}/openapi`, {
      slug: "from-url",
      source: { url },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.sourceURL).toBe(url);
    const spec = await waitProcessed(owner.token, org.id, "from-url");
    return { org, owner, spec };
  }

  describe("API specs from URLs", () => {
    it("fetches a JSON spec through the outbound fetcher", async () => {
      const { spec } = await urlSpec(`${HOST}/petstore.json`);
      expect(spec.lastProcessErrorCode).toBeUndefined();
      expect(spec.lastVersion).toBeDefined();
    });

    it("accepts Swagger 2.0", async () => {
      const { spec } = await urlSpec(`${HOST}/swagger.json`);
      expect(spec.lastProcessErrorCode).toBeUndefined();
    });

    it("inlines external references, keeping internal ones", async () => {
      const { org, owner, spec } = await urlSpec(`${HOST}/with-ref.yaml`);
      expect(spec.lastProcessErrorCode).toBeUndefined();
      const content = await as(owner.token).get(
        `/orgs/${org.id}/openapi/from-url/versions/latest/content`,
      );
      const doc = content.body.filesystem["openapi.yaml"];
      const schema = doc.paths["/pets"].get.responses["200"].content["application/json"].schema;
      expect(schema).toEqual({ type: "object", properties: { tag: { type: "string" } } });
      const raw = await as(owner.token).get(
        `/orgs/${org.id}/openapi/from-url/versions/latest/content/raw`,
      );
      expect(raw.body.format).toBe("yaml");
      // Public: the published copy is the YAML as fetched, with its content type, without a token.
      await as(owner.token).patch(`/orgs/${org.id}/openapi/from-url`, { visibility: "public" });
      const published = await call("GET", `/public/openapi/${org.id}/from-url`);
      expect(published.status).toBe(200);
      expect(published.headers.get("content-type")).toContain("application/yaml");
      expect(published.text).toBe(raw.body.text);
    });

    it("ends a reference loop with a PARSE_ERROR naming the chain", async () => {
      const { spec } = await urlSpec(`${HOST}/loop.yaml`);
      expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
      expect(spec.lastProcessedErrors[0].message).toMatch(/Circular \$ref/);
    });

    it("refuses a private address (FETCH_ERROR)", async () => {
      const { spec } = await urlSpec("http://10.0.0.7/spec.json");
      expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
      expect(spec.lastProcessedErrors[0].message).toMatch(/not a public address/);
    });

    it("re-checks each redirect: one to a private address is refused (FETCH_ERROR)", async () => {
      const { spec } = await urlSpec(
        "https://echo.example.com/redirect?to=http://169.254.169.254/latest/meta-data",
      );
      expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
      expect(spec.lastProcessedErrors[0].message).toMatch(/not a public address/);
    });

    it("refuses an answer over the 10 MiB cap (FETCH_ERROR)", async () => {
      const { spec } = await urlSpec(`https://echo.example.com/bytes/${10 * 1024 * 1024 + 1}`);
      expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
      expect(spec.lastProcessedErrors[0].message).toMatch(/larger than/);
    });

    it("reports an HTTP error answer (FETCH_ERROR)", async () => {
      const { spec } = await urlSpec(`${HOST}/missing.json`);
      expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
      expect(spec.lastProcessedErrors[0].message).toMatch(/HTTP 404/);
    });

    it("gives up on a server that never answers (FETCH_TIMEOUT)", async () => {
      const { spec } = await urlSpec(`${HOST}/never`);
      expect(spec.lastProcessErrorCode).toBe("FETCH_TIMEOUT");
    });

    it("re-fetches due URL specs on schedule, with a new version only on change", async () => {
      const { org, owner, spec } = await urlSpec(`${HOST}/changing.json?id=${crypto.randomUUID()}`);
      const db = testDb();
      const past = new Date(Date.now() - 1000).toISOString();
      await db.update(openapiSpecs).set({ nextFetchAt: past }).where(eq(openapiSpecs.id, spec.id));
      const report = await runScheduled(env, Date.now());
      expect(report["openapi-refetch"]).toEqual({ queued: 1 });
      const after = await waitProcessed(owner.token, org.id, "from-url", spec.lastProcessedAt);
      expect(after.lastVersion).not.toBe(spec.lastVersion);
      const [row] = await db.select().from(openapiSpecs).where(eq(openapiSpecs.id, spec.id));
      expect(row!.nextFetchAt! > new Date(Date.now() + 50 * 60_000).toISOString()).toBe(true);
    });

    it("keeps the previous version live when a fetch fails or times out (progress meanwhile)", async () => {
      const { org, owner, spec } = await urlSpec(`${HOST}/petstore.json`);
      const api = as(owner.token);
      const path = `/orgs/${org.id}/openapi/from-url`;
      const before = await api.get(`${path}/versions/latest/content/raw`);
      expect(before.status).toBe(200);
      await api.put(path, { source: { url: `${HOST}/missing.json` } });
      const failed = await waitProcessed(owner.token, org.id, "from-url", spec.lastProcessedAt);
      expect(failed.lastProcessErrorCode).toBe("FETCH_ERROR");
      expect(failed.lastVersion).toBe(spec.lastVersion);
      await api.put(path, { source: { url: `${HOST}/never` } });
      // While the fetch waits for its time limit, the spec shows it is being processed.
      await eventually(async () => {
        expect((await api.get(path)).body.processingState).toBe("progress");
      });
      const late = await waitProcessed(owner.token, org.id, "from-url", failed.lastProcessedAt);
      expect(late.lastProcessErrorCode).toBe("FETCH_TIMEOUT");
      expect(late.lastVersion).toBe(spec.lastVersion);
      const after = await api.get(`${path}/versions/latest/content/raw`);
      expect(after.body).toEqual(before.body);
      const versions = await api.get(`${path}/versions`);
      expect(versions.body.count).toBe(1);
    });

    it("re-processing an unchanged URL makes no new version", async () => {
      const { org, owner, spec } = await urlSpec(`${HOST}/petstore.json`);
      const put = await as(owner.token).put(`/orgs/${org.id}/openapi/from-url`, {
        source: { url: `${HOST}/petstore.json` },
      });
      expect(put.status).toBe(200);
      const after = await waitProcessed(owner.token, org.id, "from-url", spec.lastProcessedAt);
      expect(after.lastVersion).toBe(spec.lastVersion);
    });
  });
});

describe("requests", () => {
  beforeAll(emptyStorage);
  describe("API spec requests", () => {
    it("refuses a bad slug with a 400 naming it", async () => {
      const { org, owner } = await makeOrg();
      const bad = await as(owner.token).post(`/orgs/${org.id}/openapi`, {
        slug: "not a slug",
        source: { text: smallSpecText() },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/slug/);
      const put = await as(owner.token).put(`/orgs/${org.id}/openapi/-bad-`, {
        source: { text: smallSpecText() },
      });
      expect(put.status).toBe(400);
      expect(put.body.error.message).toMatch(/specSlug/);
    });

    it("refuses a source that is neither a URL nor a text (400)", async () => {
      const { org, owner } = await makeOrg();
      for (const source of [{}, { url: "ftp://x.example.com/a" }, { text: "" }]) {
        const res = await as(owner.token).post(`/orgs/${org.id}/openapi`, { slug: "a", source });
        expect(res.status, JSON.stringify(source)).toBe(400);
        expect(res.body.error.message).toMatch(/source/);
      }
    });

    it("answers 413 to a 50 MB body and to a text over 10 MiB", async () => {
      const { org, owner } = await makeOrg();
      const huge = await call("PUT", `/orgs/${org.id}/openapi/huge`, {
        token: owner.token,
        rawBody: JSON.stringify({ source: { text: "a".repeat(50 * 1024 * 1024) } }),
        headers: { "Content-Type": "application/json" },
      });
      expect(huge.status).toBe(413);
      const over = await as(owner.token).post(`/orgs/${org.id}/openapi`, {
        slug: "over",
        source: { text: "a".repeat(10 * 1024 * 1024 + 1) },
      });
      expect(over.status).toBe(413);
    }, 90_000);

    it("accepts a 10 MiB text whose JSON-escaped body is twice that, and processes it", async () => {
      const { org, owner } = await makeOrg();
      // JSON (YAML stops at 1.5 MiB, see limits.test.ts): each `\"` doubles in the body.
      const head = '{"openapi":"3.0.3","info":{"title":"Big","version":"1"},"paths":{},"x-pad":"';
      const room = 10 * 1024 * 1024 - head.length - 2;
      const text = `${head}${'\\"'.repeat(Math.floor(room / 2))}${" ".repeat(room % 2)}"}`;
      expect(text.length).toBe(10 * 1024 * 1024);
      const res = await as(owner.token).put(`/orgs/${org.id}/openapi/big`, { source: { text } });
      expect(res.status, res.text.slice(0, 200)).toBe(201);
      const spec = await waitProcessed(owner.token, org.id, "big", undefined, 30_000);
      expect(spec.lastProcessErrorCode).toBeUndefined();
      expect(spec.lastVersion).toBeDefined();
    }, 90_000);

    it("creates with PUT (201), updates with PUT (200), conflicts on POST of a taken slug", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const created = await api.put(`/orgs/${org.id}/openapi/put-me`, {
        source: { text: smallSpecText() },
      });
      expect(created.status).toBe(201);
      expect(created.body.processingState).toBe("pending");
      const updated = await api.put(`/orgs/${org.id}/openapi/put-me`, {
        source: { url: "https://specs.example.com/petstore.json" },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.id).toBe(created.body.id);
      expect(updated.body.sourceURL).toBe("https://specs.example.com/petstore.json");
      const taken = await api.post(`/orgs/${org.id}/openapi`, {
        slug: "put-me",
        source: { text: smallSpecText() },
      });
      expect(taken.status).toBe(409);
    });

    it("lists specs with keyset pages and deletes (204 whether or not it existed)", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      for (const slug of ["a", "b", "c"]) await makeSpec(owner.token, org.id, slug);
      const first = await api.get(`/orgs/${org.id}/openapi`, { query: { limit: 2 } });
      expect(first.body.count).toBe(3);
      expect(first.body.items.map((s: { slug: string }) => s.slug)).toEqual(["a", "b"]);
      const second = await api.get(`/orgs/${org.id}/openapi`, {
        query: { limit: 2, page: first.body.next.page },
      });
      expect(second.body.items.map((s: { slug: string }) => s.slug)).toEqual(["c"]);
      await waitProcessed(owner.token, org.id, "b");
      expect((await api.delete(`/orgs/${org.id}/openapi/b`)).status).toBe(204);
      expect((await api.delete(`/orgs/${org.id}/openapi/b`)).status).toBe(204);
      expect((await api.get(`/orgs/${org.id}/openapi/b`)).status).toBe(404);
      expect((await api.get(`/orgs/${org.id}/openapi/b/versions/latest`)).status).toBe(404);
    });

    it("answers 404 for an unknown version and for latest before any version", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      await makeSpec(owner.token, org.id, "v");
      const spec = await waitProcessed(owner.token, org.id, "v");
      expect((await api.get(`/orgs/${org.id}/openapi/v/versions/nope`)).status).toBe(404);
      const byId = await api.get(`/orgs/${org.id}/openapi/v/versions/${spec.lastVersion}`);
      expect(byId.status).toBe(200);
      await api.put(`/orgs/${org.id}/openapi/w`, { source: { text: "::: not yaml" } });
      await waitProcessed(owner.token, org.id, "w");
      expect((await api.get(`/orgs/${org.id}/openapi/w/versions/latest`)).status).toBe(404);
      expect((await api.get(`/orgs/${org.id}/openapi/w/versions/latest/content/raw`)).status).toBe(
        404,
      );
    });
  });
});

describe("limits", () => {
  beforeAll(emptyStorage);
  /** The probe's document (issue 34, finding 3): one 20,000-item anchor, aliased 999 times. */
  function bigAliasYaml(items = 20_000, aliases = 999): string {
    const values = Array.from({ length: items }, (_, i) => `v${i}`).join(",");
    return [
      "openapi: 3.1.0",
      "info: { title: Big, version: '1' }",
      "paths: {}",
      `x-big: &big [${values}]`,
      `x-many: [${Array(aliases).fill("*big").join(",")}]`,
    ].join("\n");
  }

  /** A JSON object nested `depth` levels deep under `x-deep`, inside an otherwise valid spec. */
  function deepJson(depth: number): string {
    const inner = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{},"x-deep":${inner}}`;
  }

  async function failure(run: () => Promise<unknown>): Promise<SpecProcessError> {
    try {
      await run();
    } catch (error) {
      if (error instanceof SpecProcessError) return error;
      throw error;
    }
    throw new Error("expected a SpecProcessError");
  }

  describe("spec size bounds (issue 34, findings 3 and 8)", () => {
    it("counts what aliases expand to without expanding them", async () => {
      const size = yamlExpandedSize(parseDocument(bigAliasYaml()), Infinity);
      // 999 aliases of a 20,001-node sequence: ~20 million nodes, counted from ~40,000.
      expect(size.aliasNodes).toBe(999 * 20_001);
      expect(size.aliasNodes).toBeGreaterThan(MAX_ALIAS_NODES);
    });

    it("refuses the 131 KB document that expands to ~165 MB with a PARSE_ERROR", async () => {
      const text = bigAliasYaml();
      expect(text.length).toBeLessThan(140_000);
      const error = await failure(() => parseSpecText(text));
      expect(error.code).toBe("PARSE_ERROR");
      expect(error.errors[0]!.message).toContain(`more than ${MAX_ALIAS_NODES} values`);
    });

    it("still reads a spec that shares pieces through aliases", async () => {
      const text = [
        "openapi: 3.0.3",
        "info: { title: Shared, version: '1' }",
        "x-ok: &ok { description: OK, content: { application/json: { schema: { type: object } } } }",
        "paths:",
        ...["/a", "/b", "/c"].flatMap((p) => [
          `  ${p}:`,
          "    get:",
          "      responses:",
          "        '200': *ok",
        ]),
      ].join("\n");
      const { document } = await parseSpecText(text);
      const paths = document.paths as Record<
        string,
        { get: { responses: Record<string, unknown> } }
      >;
      expect(paths["/c"]!.get.responses["200"]).toEqual({
        description: "OK",
        content: { "application/json": { schema: { type: "object" } } },
      });
    });

    it("refuses an alias that refers to the node holding it", async () => {
      const error = await failure(() => parseSpecText("openapi: 3.1.0\nx-loop: &l [a, *l]\n"));
      expect(error.code).toBe("PARSE_ERROR");
    });

    it("refuses a JSON spec nested 100,000 deep with a PARSE_ERROR naming the limit", async () => {
      const error = await failure(() => parseSpecText(deepJson(100_000)));
      expect(error.code).toBe("PARSE_ERROR");
      expect(error.errors[0]!.message).toContain(`deeper than ${MAX_SPEC_DEPTH} levels`);
      expect((await parseSpecText(deepJson(MAX_SPEC_DEPTH - 8))).document["x-deep"]).toBeDefined();
    });

    it("refuses YAML nested too deep, by its own nesting or through an alias", async () => {
      const nested = `openapi: 3.1.0\nx-deep: ${"[".repeat(MAX_SPEC_DEPTH + 1)}${"]".repeat(MAX_SPEC_DEPTH + 1)}\n`;
      expect((await failure(() => parseSpecText(nested))).code).toBe("PARSE_ERROR");
      const half = Math.ceil(MAX_SPEC_DEPTH / 2) + 1;
      const viaAlias = `openapi: 3.1.0\nx-a: &a ${"[".repeat(half)}${"]".repeat(half)}\nx-b: ${"[".repeat(half)}*a${"]".repeat(half)}\n`;
      expect((await failure(() => parseSpecText(viaAlias))).errors[0]!.message).toContain(
        "deeper than",
      );
    });

    it("refuses a spec whose processed document passes the stored size, after inlining", async () => {
      const big = { type: "string", description: "x".repeat(1024 * 1024) };
      const text = JSON.stringify({
        openapi: "3.1.0",
        info: { title: "Inlined", version: "1" },
        paths: {},
        components: {
          schemas: Object.fromEntries(
            Array.from({ length: 20 }, (_, i) => [
              `S${i}`,
              { $ref: "https://specs.example.com/big.json" },
            ]),
          ),
        },
      });
      let error: unknown;
      try {
        await buildSpec(text, null, async () => JSON.stringify(big));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SpecProcessError);
      expect((error as SpecProcessError).code).toBe("PARSE_ERROR");
      expect((error as SpecProcessError).errors[0]!.message).toContain("processed document");
    });
  });

  describe("large specs do not hold the isolate (issue 34, finding 7)", () => {
    /** A YAML spec of `paths` operations, about 200 characters each. */
    function yamlSpec(paths: number): string {
      const lines = ["openapi: 3.0.3", "info:", "  title: Large", "  version: '1'", "paths:"];
      for (let i = 0; i < paths; i++) {
        lines.push(
          `  /things${i}:`,
          "    get:",
          `      summary: Get thing ${i} of the many things`,
        );
        lines.push(
          "      responses:",
          "        '200':",
          `          description: OK for thing ${i}`,
        );
      }
      return lines.join("\n");
    }

    it("parses a large YAML spec in pieces, giving the isolate a turn between them", async () => {
      const text = yamlSpec(4000);
      expect(text.length).toBeGreaterThan(500_000);
      let turns = 0;
      const { document } = await parseSpecText(text, async () => void turns++);
      expect(Object.keys(document.paths as object)).toHaveLength(4000);
      // One turn per 64 K characters of text at least, then before composing and expanding.
      expect(turns).toBeGreaterThanOrEqual(Math.floor(text.length / 65_536) + 2);
    });

    it("refuses YAML past its size, naming JSON as the way for larger specs", async () => {
      const text = yamlSpec(1).padEnd(MAX_YAML_CHARACTERS + 1, "\n");
      const error = await failure(() => parseSpecText(text));
      expect(error.code).toBe("PARSE_ERROR");
      expect(error.errors[0]!.message).toContain(`at most ${MAX_YAML_CHARACTERS} characters`);
      expect(error.errors[0]!.message).toContain("JSON");
    });
  });

  describe("spec size bounds through the API (issue 34, findings 3 and 8)", () => {
    it("records the alias expansion as a PARSE_ERROR, and the queue goes on", async () => {
      const { org, owner } = await makeOrg();
      await makeSpec(owner.token, org.id, "laughs", bigAliasYaml());
      const spec = await waitProcessed(owner.token, org.id, "laughs");
      expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
      expect(spec.lastProcessedErrors[0].message).toContain("aliases expand");
      expect(spec.lastVersion).toBeUndefined();
      // Another organization's spec, queued after it, is processed.
      const other = await makeOrg();
      await makeSpec(other.owner.token, other.org.id, "fine", smallSpecText());
      const fine = await waitProcessed(other.owner.token, other.org.id, "fine");
      expect(fine.lastProcessErrorCode).toBeUndefined();
      expect(fine.lastVersion).toBeDefined();
    });

    it("records a JSON spec nested 100,000 deep as a PARSE_ERROR: no version whose reads fail", async () => {
      const { org, owner } = await makeOrg();
      await makeSpec(owner.token, org.id, "deep", deepJson(100_000));
      const spec = await waitProcessed(owner.token, org.id, "deep");
      expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
      expect(spec.lastProcessedErrors[0].message).toContain(`deeper than ${MAX_SPEC_DEPTH}`);
      expect(spec.lastVersion).toBeUndefined();
      const content = await as(owner.token).get(
        `/orgs/${org.id}/openapi/deep/versions/latest/content`,
      );
      expect(content.status).toBe(404);
    });
  });
});
