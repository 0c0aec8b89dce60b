import { describe, expect, it } from "vitest";
import { workerFetch } from "../helpers/api";

/** The methods of an OpenAPI path item, upper case. */
const METHODS = ["get", "head", "post", "put", "patch", "delete"] as const;

/** What `Allow` says for a path serving `methods`: HEAD with GET, OPTIONS always, in one order. */
function allowOf(methods: string[]): string {
  const served = new Set(methods);
  if (served.has("GET")) served.add("HEAD");
  served.add("OPTIONS");
  return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    .filter((m) => served.has(m))
    .join(", ");
}

/** A concrete path for an OpenAPI path template (every parameter a plain value). */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "p4ram");

interface PathItem {
  [method: string]: { security?: unknown[] } | undefined;
}

/** The app's own OpenAPI document, as served. */
async function document(): Promise<Record<string, PathItem>> {
  const res = await workerFetch("https://quire.test/v1/openapi.json");
  return ((await res.json()) as { paths: Record<string, PathItem> }).paths;
}

/** The documented methods of a path item. */
const methodsOf = (item: PathItem) =>
  METHODS.filter((m) => item[m] !== undefined).map((m) => m.toUpperCase());

describe("the methods a path allows, from its routes", () => {
  it("answers OPTIONS on every documented path with exactly its methods", async () => {
    const paths = await document();
    const wrong: string[] = [];
    for (const [template, item] of Object.entries(paths)) {
      const res = await workerFetch(`https://quire.test${concrete(template)}`, {
        method: "OPTIONS",
        headers: { Origin: "https://app.example.com", "Access-Control-Request-Method": "GET" },
      });
      const expected = allowOf(methodsOf(item));
      const allow = res.headers.get("Allow");
      const cors = res.headers.get("Access-Control-Allow-Methods");
      if (res.status !== 204 || allow !== expected || cors !== expected) {
        wrong.push(`${template}: ${res.status} Allow=${allow} CORS=${cors}, want ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(paths).length).toBeGreaterThan(100);
  });

  it("answers an unlisted method on every path open without a token with 405 and Allow", async () => {
    const paths = await document();
    const open = Object.entries(paths).filter(([, item]) =>
      METHODS.some((m) => Array.isArray(item[m]?.security) && item[m].security.length === 0),
    );
    expect(open.length).toBeGreaterThanOrEqual(6);
    const wrong: string[] = [];
    for (const [template, item] of open) {
      const methods = methodsOf(item);
      const unlisted = ["DELETE", "PATCH", "PUT", "POST", "GET"].find((m) => !methods.includes(m))!;
      const res = await workerFetch(`https://quire.test${concrete(template)}`, {
        method: unlisted,
      });
      const allow = res.headers.get("Allow");
      if (res.status !== 405 || allow !== allowOf(methods)) {
        wrong.push(`${unlisted} ${template}: ${res.status} Allow=${allow}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers an unknown path's OPTIONS with the JSON 404 of any unknown path", async () => {
    const res = await workerFetch("https://quire.test/v1/no/such/route", { method: "OPTIONS" });
    expect(res.status).toBe(404);
    expect(res.headers.get("Allow")).toBeNull();
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(404);
  });

  it("answers a wrong method with the same Allow as OPTIONS", async () => {
    const res = await workerFetch("https://quire.test/v1/openapi.json", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });
});
