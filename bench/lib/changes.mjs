// Content changes through the API: the change request + one-page batch + merge the write
// operations time, and the merge that makes a seeded space searchable (the search index follows
// main through the merge hook, so seeded SQL rows are indexed the way real content is).
import { DATA } from "./config.mjs";

/** The routes a change request + batch + merge needs. */
export const CR_ROUTES = [
  ["post", "/spaces/{spaceId}/change-requests"],
  ["post", "/spaces/{spaceId}/change-requests/{changeRequestId}/content"],
  ["post", "/spaces/{spaceId}/change-requests/{changeRequestId}/merge"],
];

/**
 * Creates a change request on the space with `size` pages, updates its sample page in one batch
 * and merges it, as the admin. Returns each step's status, time and D1 counts.
 */
async function editAndMerge(ctx, size, label) {
  const space = ctx.seed.content[size];
  const base = `/v1/spaces/${space.id}/change-requests`;
  const steps = [];
  const step = async (name, path, body) => {
    const r = await ctx.send("POST", path, body, "admin");
    const error = r.status >= 300 ? r.text.slice(0, 300) : undefined;
    steps.push({ name, status: r.status, ms: r.ms, d1: r.d1, error });
    return r;
  };
  const created = await step("create", base, { subject: `Bench edit ${label}` });
  if (created.status >= 300) return steps;
  const markdown = `Edited by the bench, ${label} at ${Date.now()}.\n\nThe ${DATA.searchTerm} stays.`;
  const batch = await step("batch", `${base}/${created.json.id}/content`, {
    changes: [{ operation: "update_page", page: space.samplePage, document: { markdown } }],
  });
  if (batch.status >= 300) return steps;
  await step("merge", `${base}/${created.json.id}/merge`);
  return steps;
}

/** The `iterate` of a write operation on the space with `size` pages. */
export function changeRequestMerge(size) {
  return (ctx, _prep, i) => editAndMerge(ctx, size, `iteration ${i}`);
}

const INDEX_WAIT_SECONDS = 120;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Makes the seeded space with `size` pages searchable: one merge (the index hook then indexes
 * the whole space, having never seen it), then waits until `search_spaces` says the index is at
 * main's head. Fails if the merge fails or the index does not catch up in time.
 */
export function indexForSearch(size) {
  return async (ctx) => {
    const missing = CR_ROUTES.filter(([m, p]) => !ctx.has(m, p));
    if (missing.length) throw new Error("no change-request routes to trigger indexing with");
    const steps = await editAndMerge(ctx, size, "to index the space");
    const failed = steps.find((s) => s.status >= 300);
    if (failed) throw new Error(`indexing merge: ${failed.name} answered ${failed.status}`);
    const space = ctx.seed.content[size];
    const started = performance.now();
    while (performance.now() - started < INDEX_WAIT_SECONDS * 1000) {
      const row = await ctx.db
        .prepare(
          `SELECT s.main_seq AS main, x.seq AS indexed FROM spaces s
           LEFT JOIN search_spaces x ON x.space_id = s.id WHERE s.id = ?`,
        )
        .bind(space.id)
        .first();
      if (row.indexed !== null && row.indexed >= row.main) {
        return { indexSeconds: (performance.now() - started) / 1000 };
      }
      await pause(250);
    }
    throw new Error(`the search index did not reach main within ${INDEX_WAIT_SECONDS} s`);
  };
}
