import { describe, expect, it } from "vitest";
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
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpec, smallSpecText, waitProcessed } from "../helpers/openapi-factories";

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
    const paths = document.paths as Record<string, { get: { responses: Record<string, unknown> } }>;
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
      lines.push(`  /things${i}:`, "    get:", `      summary: Get thing ${i} of the many things`);
      lines.push("      responses:", "        '200':", `          description: OK for thing ${i}`);
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
