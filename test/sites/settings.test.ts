import { describe, expect, it } from "vitest";
import { parseCondition } from "../../src/lib/condition";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSite, siteKey } from "../helpers/sites-factories";

const UNSIGNED = "Unsigned claims of the site visitor.";

/** A valid schema: two signed claims and one unsigned. */
function validSchema(): Record<string, unknown> {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      isBetaUser: { type: "boolean", description: "Beta programme member" },
      isAdmin: { type: "boolean", description: "Administrator" },
      unsigned: {
        type: "object",
        description: UNSIGNED,
        properties: { prefersDark: { type: "boolean", description: "Dark mode" } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

async function setup() {
  const { org, owner } = await makeOrg();
  const site = await makeSite(org.id, owner);
  const base = `/orgs/${org.id}/sites/${site.id}`;
  return { org, owner, site, base, api: as(owner.token) };
}

describe("adaptive schema", () => {
  it("is 404 until set, then stored and returned as given", async () => {
    const { base, api } = await setup();
    const before = await api.get(`${base}/adaptive-schema`);
    expect(before.status).toBe(404);
    expect(before.body.error.message).toBe("Adaptive schema not found");
    const put = await api.put(`${base}/adaptive-schema`, { jsonSchema: validSchema() });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ object: "site-adaptive-schema", jsonSchema: validSchema() });
    const get = await api.get(`${base}/adaptive-schema`);
    expect(get.body.jsonSchema).toEqual(validSchema());
    expect(get.body.updatedAt).toBe(put.body.updatedAt);
    const replaced = await api.put(`${base}/adaptive-schema`, {
      jsonSchema: { type: "object", properties: {}, additionalProperties: false },
    });
    expect(replaced.body.jsonSchema.properties).toEqual({});
  });

  it("refuses anything else with 400 naming the rule", async () => {
    const { base, api } = await setup();
    const mutate = (change: (s: any) => void) => {
      const s = validSchema() as any;
      change(s);
      return s;
    };
    const cases: [unknown, string][] = [
      [mutate((s) => (s.type = "array")), 'body.jsonSchema.type: must be "object"'],
      [
        mutate((s) => (s.$schema = "https://json-schema.org/draft/2020-12/schema")),
        'body.jsonSchema.$schema: must be "http://json-schema.org/draft-07/schema#" (draft-07)',
      ],
      [
        mutate((s) => delete s.additionalProperties),
        "body.jsonSchema.additionalProperties: must be false",
      ],
      [
        mutate((s) => (s.additionalProperties = true)),
        "body.jsonSchema.additionalProperties: must be false",
      ],
      [
        mutate((s) => (s.required = ["isAdmin"])),
        "body.jsonSchema.required: not allowed here (allowed: $schema, type, properties, additionalProperties)",
      ],
      [
        mutate((s) => (s.properties = [])),
        "body.jsonSchema.properties: must be an object of claims",
      ],
      [
        mutate((s) => (s.properties.plan = { type: "string", description: "Plan" })),
        'body.jsonSchema.properties.plan.type: must be "boolean" (claims are booleans)',
      ],
      [
        mutate((s) => (s.properties.isAdmin = { type: "boolean" })),
        "body.jsonSchema.properties.isAdmin.description: must be a string",
      ],
      [
        mutate((s) => (s.properties.isAdmin.default = true)),
        "body.jsonSchema.properties.isAdmin.default: not allowed here (allowed: type, description)",
      ],
      [
        mutate((s) => (s.properties["is-admin"] = { type: "boolean", description: "x" })),
        "body.jsonSchema.properties.is-admin: claim names must be identifiers ([A-Za-z_$][A-Za-z0-9_$]*)",
      ],
      [
        mutate((s) => (s.properties.unsigned.type = "boolean")),
        'body.jsonSchema.properties.unsigned.type: must be "object"',
      ],
      [
        mutate((s) => (s.properties.unsigned.description = "Other")),
        `body.jsonSchema.properties.unsigned.description: must be "${UNSIGNED}"`,
      ],
      [
        mutate((s) => delete s.properties.unsigned.additionalProperties),
        "body.jsonSchema.properties.unsigned.additionalProperties: must be false",
      ],
      [
        mutate((s) => (s.properties.unsigned.properties.n = { type: "number", description: "n" })),
        'body.jsonSchema.properties.unsigned.properties.n.type: must be "boolean" (claims are booleans)',
      ],
      [
        mutate((s) => (s.properties.unsigned = true)),
        "body.jsonSchema.properties.unsigned: must be an object schema of unsigned claims",
      ],
    ];
    for (const [jsonSchema, message] of cases) {
      const res = await api.put(`${base}/adaptive-schema`, { jsonSchema });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const notObject = await api.put(`${base}/adaptive-schema`, { jsonSchema: "x" });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.message).toMatch(/^body\.jsonSchema: /);
    expect((await api.get(`${base}/adaptive-schema`)).status).toBe(404);
  });

  it("derives template conditions that parse with the condition grammar", async () => {
    const { base, api } = await setup();
    const empty = await api.get(`${base}/adaptive-schema/template-conditions`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [] });
    await api.put(`${base}/adaptive-schema`, { jsonSchema: validSchema() });
    const res = await api.get(`${base}/adaptive-schema/template-conditions`);
    const conditions = res.body.items.map((i: any) => i.condition);
    expect(conditions).toEqual([
      "visitor.claims.isBetaUser === true",
      "visitor.claims.isBetaUser !== true",
      "visitor.claims.isAdmin === true",
      "visitor.claims.isAdmin !== true",
      "visitor.claims.unsigned.prefersDark === true",
      "visitor.claims.unsigned.prefersDark !== true",
    ]);
    for (const item of res.body.items) {
      expect(() => parseCondition(item.condition)).not.toThrow();
      expect(item.description.length).toBeGreaterThan(0);
    }
    expect(res.body.items[0].description).toContain("Beta programme member");
  });
});

describe("visitor authentication settings", () => {
  it("reads the signing key, updates the URLs, regenerates the key", async () => {
    const { base, api, site } = await setup();
    const res = await api.get(`${base}/publishing/auth`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: "publishing-auth",
      backend: "custom",
      privateKey: await siteKey(site.id),
    });
    const updated = await api.patch(`${base}/publishing/auth`, {
      backend: "custom",
      fallbackURL: "https://example.com/login",
      logoutURL: "https://example.com/logout",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      fallbackURL: "https://example.com/login",
      logoutURL: "https://example.com/logout",
      privateKey: res.body.privateKey,
    });
    const kept = await api.patch(`${base}/publishing/auth`, { backend: "custom", logoutURL: null });
    expect(kept.body.fallbackURL).toBe("https://example.com/login");
    expect(kept.body.logoutURL).toBeUndefined();
    const regenerated = await api.post(`${base}/publishing/auth/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.privateKey).not.toBe(res.body.privateKey);
    expect(regenerated.body.privateKey).toBe(await siteKey(site.id));
  });

  it("refuses bad input with 400 naming the field", async () => {
    const { base, api } = await setup();
    const cases: [unknown, RegExp][] = [
      [{}, /^body\.backend: /],
      [{ backend: "saml" }, /^body\.backend: /],
      [{ backend: "integration" }, /^body\.backend: no visitor-authentication integration/],
      [{ backend: "custom", fallbackURL: "not a url" }, /^body\.fallbackURL: /],
      [{ backend: "custom", fallbackURL: "javascript:alert(1)" }, /^body\.fallbackURL: /],
      [{ backend: "custom", privateKey: "mine" }, /^body: /],
    ];
    for (const [body, message] of cases) {
      const res = await api.patch(`${base}/publishing/auth`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
  });
});
