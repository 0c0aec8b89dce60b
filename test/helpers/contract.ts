import type { z } from "zod";
import { createApp } from "../../src/app";
import * as official from "../.generated/official-contract.mjs";

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type OfficialOp = [method: string, path: string, status: string, key: string | null];

const validators = official as unknown as Record<string, Validator> & { operations: OfficialOp[] };

interface Template {
  method: string;
  path: string;
  pattern: RegExp;
  literals: number;
}

function compile(method: string, path: string): Template {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
  return {
    method,
    path,
    pattern: new RegExp(`^${source}$`),
    literals: path.split("/").filter((s) => s && !s.startsWith("{")).length,
  };
}

const officialTemplates = new Map<string, Template>();
const officialStatuses = new Map<string, Map<string, string | null>>();
for (const [method, path, status, key] of validators.operations) {
  const id = `${method} ${path}`;
  if (!officialTemplates.has(id)) officialTemplates.set(id, compile(method, path));
  const statuses = officialStatuses.get(id) ?? new Map<string, string | null>();
  statuses.set(status, key);
  officialStatuses.set(id, statuses);
}

type RouteDef = {
  type: string;
  route?: {
    method: string;
    path: string;
    responses?: Record<string, { content?: Record<string, { schema?: z.ZodType }> }>;
  };
};
const ownRoutes = (createApp().openAPIRegistry.definitions as RouteDef[])
  .filter((d) => d.type === "route" && d.route)
  .map((d) => ({ ...compile(d.route!.method.toUpperCase(), d.route!.path), route: d.route! }));

function bestMatch<T extends Template>(candidates: Iterable<T>, method: string, path: string) {
  let best: T | undefined;
  for (const t of candidates) {
    if (t.method !== method || !t.pattern.test(path)) continue;
    if (!best || t.literals > best.literals) best = t;
  }
  return best;
}

/** Which contract a response was checked against, for tests that want to know. */
export type ContractSource = "official" | "own";

/**
 * Validates a JSON response against the official GitBook schema of the same operation and
 * status; operations the official document lacks are checked against the project's own zod
 * response schema. A mismatch throws, failing the test.
 */
export function assertContract(
  method: string,
  apiPath: string,
  status: number,
  body: unknown,
  query?: URLSearchParams,
): ContractSource {
  const path = apiPath.replace(/^\/v1/, "");
  // Quire's `bodies=false` answers trees as GitBook's API does (pages name `documentId`, no
  // body), which the official Document union cannot describe: the project's schema decides.
  const bodiless = /^(false|0)$/.test(query?.get("bodies") ?? "");
  const op = bodiless ? undefined : bestMatch(officialTemplates.values(), method, path);
  if (op) {
    const statuses = officialStatuses.get(`${op.method} ${op.path}`)!;
    const key = statuses.get(String(status));
    if (key === undefined) {
      if (status >= 400) return checkError(method, apiPath, status, body);
      throw new Error(
        `Contract: ${method} ${op.path} answered ${status}, which the official document does not list (${[...statuses.keys()].join(", ")})`,
      );
    }
    if (key === null)
      throw new Error(`Contract: ${method} ${op.path} ${status} has no JSON body officially`);
    const validate = validators[key]!;
    if (!validate(body)) {
      throw new Error(
        `Contract: ${method} ${op.path} ${status} does not match the official schema: ${JSON.stringify(validate.errors?.slice(0, 3))}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
      );
    }
    return "official";
  }
  if (status >= 400) return checkError(method, apiPath, status, body);
  if (method === "GET" && apiPath === "/v1/openapi.json") return checkOpenApiDocument(body);
  const own = bestMatch(ownRoutes, method, apiPath);
  if (!own) throw new Error(`Contract: no official or own operation matches ${method} ${apiPath}`);
  const schema = own.route.responses?.[String(status)]?.content?.["application/json"]?.schema;
  if (!schema)
    throw new Error(
      `Contract: own route ${method} ${own.path} declares no ${status} JSON response`,
    );
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Contract: ${method} ${own.path} ${status} does not match its own schema: ${parsed.error.message}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  return "own";
}

function checkError(method: string, path: string, status: number, body: unknown): ContractSource {
  const err = (body as { error?: { code?: unknown; message?: unknown } })?.error;
  if (
    !err ||
    err.code !== status ||
    typeof err.message !== "string" ||
    Object.keys(body as object).length !== 1
  ) {
    throw new Error(
      `Contract: ${method} ${path} ${status} error body is not {"error":{"code","message"}}: ${JSON.stringify(body)}`,
    );
  }
  return "official";
}

/** The served API description is checked for its own shape: an OpenAPI 3.1 document with paths. */
function checkOpenApiDocument(body: unknown): ContractSource {
  const doc = body as { openapi?: unknown; info?: unknown; paths?: unknown };
  if (doc.openapi !== "3.1.0" || typeof doc.info !== "object" || typeof doc.paths !== "object") {
    throw new Error("Contract: /v1/openapi.json is not an OpenAPI 3.1 document");
  }
  return "own";
}
