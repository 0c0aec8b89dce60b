import { describe, expect, it } from "vitest";
import { buildSpec } from "../../src/openapi-specs/build";
import { parseSpecText } from "../../src/openapi-specs/parse";
import { inlineExternalRefs, type RefLimits } from "../../src/openapi-specs/refs";
import { SpecProcessError } from "../../src/openapi-specs/types";

const BASE = "https://specs.example.com/";

/** A loader over fixed documents by URL (JSON text); an unknown URL fails as a fetch would. */
function loaderOf(docs: Record<string, unknown>) {
  const loaded: string[] = [];
  const load = async (url: string) => {
    loaded.push(url);
    const doc = docs[url];
    if (doc === undefined) {
      throw new SpecProcessError("FETCH_ERROR", [{ message: `${url} answered HTTP 404` }]);
    }
    return JSON.stringify(doc);
  };
  return { load, loaded };
}

/** A minimal OpenAPI 3.1 document whose one response schema is `schema`. */
function specWith(schema: unknown) {
  return {
    openapi: "3.1.0",
    info: { title: "Refs", version: "1" },
    paths: {
      "/a": {
        get: {
          responses: {
            "200": { description: "OK", content: { "application/json": { schema } } },
          },
        },
      },
    },
  };
}

const LIMITS: RefLimits = {
  maxDocuments: 20,
  maxDepth: 16,
  maxExpansions: 2000,
  maxInlinedValues: 250_000,
};

/** The processing error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<SpecProcessError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpecProcessError);
  return error as SpecProcessError;
}

describe("external references", () => {
  it("are inlined relative to the source URL, each document fetched once", async () => {
    const { load, loaded } = loaderOf({
      [`${BASE}schemas.json`]: { Pet: { type: "object" }, Pets: { items: { $ref: "#/Pet" } } },
    });
    const doc = specWith({
      allOf: [{ $ref: "./schemas.json#/Pets" }, { $ref: "./schemas.json#/Pet" }],
    });
    const built = await buildSpec(JSON.stringify(doc), `${BASE}api.json`, load);
    const schema = (built.document as ReturnType<typeof specWith>).paths["/a"].get.responses["200"]
      .content["application/json"].schema;
    expect(schema).toEqual({ allOf: [{ items: { type: "object" } }, { type: "object" }] });
    expect(loaded).toEqual([`${BASE}schemas.json`]);
  });

  it("end a spec that references itself in a loop with a PARSE_ERROR naming the chain", async () => {
    const self = {
      ...specWith({ $ref: `${BASE}self.json#/components/schemas/Node` }),
      components: {
        schemas: {
          Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } },
        },
      },
    };
    const { load } = loaderOf({ [`${BASE}self.json`]: self });
    const error = await failure(buildSpec(JSON.stringify(self), `${BASE}self.json`, load));
    expect(error.code).toBe("PARSE_ERROR");
    expect(error.errors[0]!.message).toMatch(/^Circular \$ref: .*self\.json#\/components/);
  });

  it("stop at the depth limit", async () => {
    const docs: Record<string, unknown> = {};
    for (let i = 0; i < 30; i++) docs[`${BASE}d${i}.json`] = { X: { $ref: `./d${i + 1}.json#/X` } };
    const { load } = loaderOf(docs);
    const doc = specWith({ $ref: "./d0.json#/X" });
    const error = await failure(inlineExternalRefs(doc, `${BASE}api.json`, load, LIMITS));
    expect(error.errors[0]!.message).toMatch(/nest deeper than 16 levels/);
  });

  it("stop at the document count limit", async () => {
    const docs: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) docs[`${BASE}d${i}.json`] = { X: { type: "string" } };
    const { load, loaded } = loaderOf(docs);
    const doc = specWith({ anyOf: [0, 1, 2, 3, 4].map((i) => ({ $ref: `./d${i}.json#/X` })) });
    const limits = { ...LIMITS, maxDocuments: 3 };
    const error = await failure(inlineExternalRefs(doc, `${BASE}api.json`, load, limits));
    expect(error.errors[0]!.message).toMatch(/More than 3 external documents/);
    expect(loaded.length).toBe(3);
  });

  it("stop at the expansion limit and at the inlined size limit", async () => {
    const big = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { n: i }]));
    const { load } = loaderOf({ [`${BASE}big.json`]: { Big: { properties: big } } });
    const refs = (n: number) => specWith({ anyOf: Array(n).fill({ $ref: "./big.json#/Big" }) });
    const many = await failure(
      inlineExternalRefs(refs(6), `${BASE}api.json`, load, { ...LIMITS, maxExpansions: 5 }),
    );
    expect(many.errors[0]!.message).toMatch(/More than 5 external references/);
    const limits = { ...LIMITS, maxInlinedValues: 1000 };
    const ok = await inlineExternalRefs(refs(2), `${BASE}api.json`, load, limits);
    expect(ok.documents).toBe(1);
    const large = await failure(inlineExternalRefs(refs(5), `${BASE}api.json`, load, limits));
    expect(large.errors[0]!.message).toMatch(/expand to more than 1000 values/);
  });

  it("refuse a relative reference in a text source, and report documents that fail", async () => {
    const { load } = loaderOf({ [`${BASE}bad.json`]: "not used" });
    const relative = await failure(
      buildSpec(JSON.stringify(specWith({ $ref: "./x.json#/X" })), null, load),
    );
    expect(relative.errors[0]!.message).toMatch(/is relative/);
    const missing = await failure(
      buildSpec(JSON.stringify(specWith({ $ref: `${BASE}missing.json#/X` })), null, load),
    );
    expect(missing.code).toBe("FETCH_ERROR");
    const unparsable = await failure(
      buildSpec(JSON.stringify(specWith({ $ref: `${BASE}bad.json#/X` })), null, async () => "{ x"),
    );
    expect(unparsable.code).toBe("PARSE_ERROR");
    expect(unparsable.errors[0]!.message).toMatch(/^https:\/\/specs\.example\.com\/bad\.json: /);
  });
});

describe("parsing", () => {
  it("refuses a YAML document that expands aliases without bound", async () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 8; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(", ")}]`);
    }
    let error: unknown;
    try {
      await parseSpecText(lines.join("\n"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SpecProcessError);
    expect((error as SpecProcessError).code).toBe("PARSE_ERROR");
  });
});
