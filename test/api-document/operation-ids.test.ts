import { describe, expect, it } from "vitest";
import { OFFICIAL_OPERATION_IDS } from "../../src/api-document/official-operation-ids";
import { deriveOperationId, officialPathKey } from "../../src/api-document/operation-ids";
import { call } from "../helpers/api";
import { gitbookSpecText } from "../helpers/openapi-factories";

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
      for (let i = 0; i + 1 < words.length; i += 2) table.set(`${words[i]} ${key}`, words[i + 1]!);
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
