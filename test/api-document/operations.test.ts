import { describe, expect, it, beforeAll } from "vitest";
import compatibility from "../../docs/compatibility.md?raw";
import { call } from "../helpers/api";
import { gitbookSpecText } from "../helpers/openapi-factories";
import { OFFICIAL_OPERATION_IDS } from "../../src/api-document/official-operation-ids";
import { deriveOperationId, officialPathKey } from "../../src/api-document/operation-ids";
import { emptyStorage } from "../helpers/storage";

describe("official-request-fields", () => {
  /** A JSON Schema node of either document (only what this walk reads). */
  interface Schema {
    $ref?: string;
    type?: string | string[];
    enum?: unknown[];
    const?: unknown;
    not?: unknown;
    nullable?: boolean;
    properties?: Record<string, Schema>;
    allOf?: Schema[];
    anyOf?: Schema[];
    oneOf?: Schema[];
  }

  type Doc = {
    paths: Record<string, Record<string, { operationId?: string; requestBody?: Schema & object }>>;
  };

  const METHODS = ["get", "put", "post", "delete", "patch"];

  function resolve(doc: object, schema: Schema | undefined): Schema | undefined {
    let s = schema;
    for (let hops = 0; s?.$ref && hops < 20; hops++) {
      s = s.$ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>(
          (node, key) =>
            (node as Record<string, unknown>)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")],
          doc,
        ) as Schema;
    }
    return s;
  }

  /** The properties an object schema may have, through allOf/anyOf/oneOf. */
  function propertiesOf(
    doc: object,
    schema: Schema | undefined,
    depth = 0,
  ): Record<string, Schema> {
    const s = resolve(doc, schema);
    if (!s || depth > 6) return {};
    const out: Record<string, Schema> = {};
    for (const sub of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
      for (const [k, v] of Object.entries(propertiesOf(doc, sub, depth + 1))) out[k] ??= v;
    }
    Object.assign(out, s.properties ?? {});
    return out;
  }

  /** The JSON types a schema admits (through refs and unions); "any" when it does not say. */
  function typesOf(doc: object, schema: Schema | undefined, depth = 0): Set<string> {
    const s = resolve(doc, schema);
    if (!s || depth > 6) return new Set(["any"]);
    if (s.not !== undefined) return new Set();
    const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    const out = new Set<string>();
    if (branches.length > 0)
      branches.forEach((b) => typesOf(doc, b, depth + 1).forEach((t) => out.add(t)));
    else if (s.type) (Array.isArray(s.type) ? s.type : [s.type]).forEach((t) => out.add(t));
    else if (s.enum || s.const !== undefined)
      [...(s.enum ?? [s.const])].forEach((v) => out.add(v === null ? "null" : typeof v));
    else if (s.allOf?.length) typesOf(doc, s.allOf[0], depth + 1).forEach((t) => out.add(t));
    else out.add("any");
    if (s.nullable) out.add("null");
    if (out.has("integer")) out.add("number");
    return out;
  }

  /** The values a schema is limited to (enum, const, through refs and unions); null: unlimited. */
  function valuesOf(doc: object, schema: Schema | undefined, depth = 0): Set<unknown> | null {
    const s = resolve(doc, schema);
    if (!s || depth > 6) return null;
    if (s.enum) return new Set(s.enum);
    if (s.const !== undefined) return new Set([s.const]);
    if (s.type === "null") return new Set([null]);
    const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    if (branches.length === 0) return null;
    const out = new Set<unknown>();
    for (const b of branches) {
      const values = valuesOf(doc, b, depth + 1);
      if (!values) return null;
      values.forEach((v) => out.add(v));
    }
    return out;
  }

  /** Whether the served schema takes less of a field than the official one (what must be said). */
  function narrowing(official: object, served: object, o: Schema, s: Schema): string | null {
    const so = resolve(served, s)!;
    if (so.not !== undefined) return "refused";
    const ot = typesOf(official, o);
    const st = typesOf(served, s);
    if (st.has("any") || ot.has("any")) return null;
    const lost = [...ot].filter((t) => !st.has(t) && !(t === "number" && st.has("integer")));
    if (lost.length > 0) return `no ${lost.join("/")}`;
    const ours = valuesOf(served, s);
    if (!ours) return null;
    const theirs = valuesOf(official, o);
    if (!theirs) return "some values";
    const missing = [...theirs].filter((v) => !ours.has(v));
    return missing.length > 0 ? `not ${missing.map((v) => JSON.stringify(v)).join(", ")}` : null;
  }

  /**
   * The section of docs/compatibility.md that lists every official request field Quire refuses or
   * takes only in part, one table row per field: `| `operationId` | `field` | … |`.
   */
  function documentedRefusals(): Set<string> {
    const start = compatibility.indexOf("## Official request fields");
    expect(start, 'docs/compatibility.md has a section "Official request fields"').toBeGreaterThan(
      -1,
    );
    const end = compatibility.indexOf("\n## ", start + 1);
    const section = compatibility.slice(start, end === -1 ? undefined : end);
    const out = new Set<string>();
    for (const row of section.matchAll(/^\|\s*`([A-Za-z]+)`\s*\|([^|]+)\|/gm)) {
      for (const field of row[2]!.matchAll(/`([A-Za-z]+)`/g)) out.add(`${row[1]} ${field[1]}`);
    }
    return out;
  }

  describe("official request fields", () => {
    it("every official body field of a served operation is taken, or its refusal is documented", async () => {
      const official = JSON.parse(gitbookSpecText()) as Doc;
      const res = await call("GET", "/openapi.json");
      const served = res.body as Doc;
      const key = (path: string) => path.replace(/^\/v1/, "").replace(/\{[^}]+\}/g, "{}");
      const servedOps = new Map<string, Doc["paths"][string][string]>();
      for (const [path, item] of Object.entries(served.paths)) {
        for (const [method, op] of Object.entries(item))
          servedOps.set(`${method} ${key(path)}`, op);
      }
      const documented = documentedRefusals();
      const problems: string[] = [];
      let checked = 0;
      for (const [path, item] of Object.entries(official.paths)) {
        for (const method of METHODS) {
          const op = item[method];
          const mine = servedOps.get(`${method} ${key(path)}`);
          if (!op?.requestBody || !mine) continue;
          const body = (
            resolve(official, op.requestBody) as { content?: Record<string, { schema?: Schema }> }
          ).content?.["application/json"]?.schema;
          if (!body) continue;
          const myBody = (
            mine.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
          )?.content?.["application/json"]?.schema;
          const mineProps = propertiesOf(served, myBody);
          for (const [field, schema] of Object.entries(propertiesOf(official, body))) {
            checked++;
            const id = `${op.operationId} ${field}`;
            const ours = mineProps[field];
            const gap = ours
              ? narrowing(official, served, schema, ours)
              : "not in the served schema";
            if (gap && !documented.has(id)) problems.push(`${id}: ${gap}`);
          }
        }
      }
      expect(checked).toBeGreaterThan(200);
      expect(problems).toEqual([]);
    });
  });
});

describe("operation-ids", () => {
  beforeAll(emptyStorage);
  const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

  /** Where a name that needs a hand goes. */
  const OVERRIDES_FILE = "src/api-document/operation-ids.ts (OVERRIDES)";

  interface Served {
    key: string;
    id: string | undefined;
  }

  /** Every operation of the served document: `METHOD /path` and its operationId. */
  async function servedOperations(): Promise<Served[]> {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const out: Served[] = [];
    for (const [path, item] of Object.entries(res.body.paths as Record<string, object>)) {
      for (const [method, op] of Object.entries(item as Record<string, { operationId?: string }>)) {
        if (METHODS.includes(method))
          out.push({ key: `${method.toUpperCase()} ${path}`, id: op.operationId });
      }
    }
    return out;
  }

  /** The pinned official document's operationIds: `METHOD key` (officialPathKey) → id. */
  function officialIds(): Map<string, string> {
    const spec = JSON.parse(gitbookSpecText()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = new Map<string, string>();
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of METHODS) {
        const id = item[method]?.operationId;
        if (id) ids.set(`${method.toUpperCase()} ${officialPathKey(path)}`, id);
      }
    }
    return ids;
  }

  describe("operationIds in the served OpenAPI document", () => {
    it("names every operation, in camelCase", async () => {
      const served = await servedOperations();
      expect(served.length).toBeGreaterThan(200);
      const unnamed = served.filter((op) => !op.id || !/^[a-z][A-Za-z0-9]*$/.test(op.id));
      expect(
        unnamed.map((op) => `${op.key} has ${JSON.stringify(op.id)}: name it in ${OVERRIDES_FILE}`),
      ).toEqual([]);
    });

    it("never gives two operations one name", async () => {
      const byId = new Map<string, string[]>();
      for (const op of await servedOperations()) {
        byId.set(op.id ?? "", [...(byId.get(op.id ?? "") ?? []), op.key]);
      }
      const clashes = [...byId].filter(([, keys]) => keys.length > 1);
      expect(
        clashes.map(
          ([id, keys]) =>
            `${id} names ${keys.join(" and ")}: add to ${OVERRIDES_FILE} the line  ${JSON.stringify(keys[keys.length - 1])}: "<a name of its own>",`,
        ),
      ).toEqual([]);
    });

    it("gives an operation GitBook's document has GitBook's own name", async () => {
      const official = officialIds();
      const wrong: string[] = [];
      let named = 0;
      for (const op of await servedOperations()) {
        const [method, path] = op.key.split(" ") as [string, string];
        const expected = official.get(`${method} ${officialPathKey(path)}`);
        if (expected === undefined) continue;
        named += 1;
        if (op.id !== expected) {
          wrong.push(
            `${op.key} is ${JSON.stringify(op.id)}, officially ${JSON.stringify(expected)}: run \`node scripts/operation-ids.mjs\` (the official table is stale) or drop its line from ${OVERRIDES_FILE}`,
          );
        }
      }
      expect(wrong).toEqual([]);
      expect(named).toBeGreaterThan(150);
    });

    it("keeps the official table equal to the pinned official document", () => {
      const table = new Map<string, string>();
      for (const [key, pairs] of Object.entries(OFFICIAL_OPERATION_IDS)) {
        const words = pairs.split(" ");
        for (let i = 0; i + 1 < words.length; i += 2)
          table.set(`${words[i]} ${key}`, words[i + 1]!);
      }
      expect(
        table,
        "src/api-document/official-operation-ids.ts is stale: run `node scripts/operation-ids.mjs`",
      ).toEqual(officialIds());
    });

    it("derives a name in the official style for an operation nobody listed", () => {
      const cases: [string, string, string][] = [
        ["get", "/v1/orgs/{organizationId}/sites/{siteId}/share-links", "listSiteShareLinks"],
        [
          "patch",
          "/v1/orgs/{organizationId}/sites/{siteId}/share-links/{id}",
          "updateSiteShareLinkById",
        ],
        ["post", "/v1/orgs/{organizationId}/widgets", "createOrganizationWidget"],
        ["delete", "/v1/orgs/{organizationId}/widgets/{widgetId}", "deleteOrganizationWidgetById"],
        ["post", "/v1/spaces/{spaceId}/transfer", "transferSpace"],
        [
          "post",
          "/v1/orgs/{o}/sites/{s}/section-groups/{g}/sections",
          "createSiteSectionGroupSection",
        ],
        [
          "get",
          "/v1/spaces/{spaceId}/change-requests/{cr}/content/page/{pageId}/links",
          "listChangeRequestPageLinks",
        ],
        ["get", "/v1/spaces/{spaceId}/content/page/{pageId}/links", "listPageLinks"],
        ["get", "/v1/user/tokens", "listUserTokens"],
        ["get", "/v1/published-files/{siteId}/{hash}", "getPublishedFileBySiteIdAndHash"],
        ["get", "/v1/orgs/{organizationId}/replies/{replyId}", "getOrganizationReplyById"],
      ];
      expect(cases.map(([method, path]) => deriveOperationId(method, path))).toEqual(
        cases.map(([, , id]) => id),
      );
    });
  });
});
