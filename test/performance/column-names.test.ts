import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import { commitChanges, makeContentSpace } from "../helpers/content-factories";
import { publishedDocs, siteTokenFor, siteUrl } from "../helpers/reading-factories";

/**
 * D1 sends every result column's name with each answer, and an unnamed SQL expression is named
 * by its whole text: the space access check once sent 5,700 characters of its own SQL back on
 * every read. The hot reads' answers carry short column names (src/db/prepared.ts names every
 * expression of a prepared select).
 */

const LONGEST_NAME = 48;

/** An env whose D1 sessions record the result column names of every statement's answer. */
function recordingEnv(names: string[]): Cloudflare.Env {
  const record = (results: D1Result[]) => {
    for (const r of results) names.push(...Object.keys(r.results[0] ?? {}));
  };
  const wrap = (db: D1Database | D1DatabaseSession): D1Database =>
    new Proxy(db, {
      get(target, prop) {
        const base = target as D1Database;
        if (prop === "withSession") return (c?: string) => wrap(base.withSession(c));
        if (prop === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            const results = await base.batch(statements);
            record(results);
            return results;
          };
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? (value as () => unknown).bind(target) : value;
      },
    }) as D1Database;
  return { ...env, DB: wrap(env.DB) };
}

describe("result column names", () => {
  it("are short on the hot reads of members and site tokens", async () => {
    const names: string[] = [];
    const bindings = recordingEnv(names);
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const space = await makeContentSpace(org.id, owner);
    await commitChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Home", document: { markdown: "Lighthouse.\n" } },
    ]);
    const reader = as(member.token);
    const docs = await publishedDocs();
    const site = as(await siteTokenFor(siteUrl(docs.site.id)));
    const head = await site.get(`/spaces/${docs.space.id}`);
    const revision = `/spaces/${docs.space.id}/revisions/${head.body.revision as string}`;
    const install = docs.pages.get("Install")!.pageId;
    const reads = [
      reader.get(`/spaces/${space.id}`, { bindings }),
      reader.get(`/orgs/${org.id}/spaces`, { bindings }),
      reader.get(`/orgs/${org.id}`, { bindings }),
      reader.get(`/spaces/${space.id}/content`, { bindings }),
      reader.get(`/spaces/${space.id}/search`, { bindings, query: { query: "lighthouse" } }),
      reader.get(`/orgs/${org.id}/search`, { bindings, query: { query: "lighthouse" } }),
      site.get(`/spaces/${docs.space.id}`, { bindings }),
      site.get(`${revision}/page/${install}/document`, { bindings }),
      site.get(`${revision}/pages`, { bindings }),
    ];
    for (const res of await Promise.all(reads)) expect(res.status).toBe(200);
    expect(names.length).toBeGreaterThan(0);
    const long = names.filter((name) => name.length > LONGEST_NAME);
    expect(long.map((name) => name.slice(0, 80))).toEqual([]);
  });
});
