// What bench/scale.mjs makes, through the Worker's own API as a client would: organizations,
// spaces, pages (change request + batches of 50 insert_page + merge, then the search index
// catches up), revisions (a one-page edit merged), open change requests and comments. Each phase
// returns how many units it made; the caller measures the database around it.
import { prng } from "./documents.mjs";

const VOCABULARY = (() => {
  // A few thousand distinct pseudo-words drawn with a Zipf-like skew, so the full-text index sees
  // a vocabulary that grows with the text, as real prose does (not 40 words repeated).
  const syllables = "ka ro mi tu se la vo ne pi da ge zu fa ri mo te shi na po lu be ki".split(" ");
  const words = [];
  for (let i = 0; words.length < 4000; i++) {
    let n = i;
    let w = "";
    do {
      w += syllables[n % syllables.length];
      n = Math.floor(n / syllables.length);
    } while (n > 0);
    words.push(w);
  }
  return words;
})();

function paragraph(random, words) {
  const out = [];
  for (let i = 0; i < words; i++) {
    out.push(VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)]);
  }
  return out.join(" ") + ".";
}

/** Markdown of about `words` words: a heading every 4 paragraphs of 20 words, distinct per seed. */
function pageMarkdown(seed, words) {
  const random = prng(seed);
  const parts = [];
  for (let p = 0; p * 20 < words; p++) {
    if (p % 4 === 0) parts.push(`## Section ${p / 4 + 1} of page ${seed}`);
    parts.push(paragraph(random, 20));
  }
  return parts.join("\n\n") + "\n";
}

/** Waits until the space's search index reflects main (the merge hook runs after the answer). */
async function waitForIndex(ctx, spaceId) {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    const row = await ctx.db
      .prepare(
        "SELECT s.main_seq AS main, x.seq AS indexed FROM spaces s" +
          " LEFT JOIN search_spaces x ON x.space_id = s.id WHERE s.id = ?",
      )
      .bind(spaceId)
      .first();
    if (row.indexed !== null && row.indexed >= row.main) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`search index of ${spaceId} did not catch up in 180 s`);
}

async function changeRequest(ctx, spaceId, subject) {
  const cr = await ctx.api("POST", `/v1/spaces/${spaceId}/change-requests`, { subject });
  return `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
}

/** Organizations created by POST /v1/orgs (the caller becomes their admin). */
export async function createOrganizations(ctx, n) {
  for (let i = 0; i < n; i++) await ctx.api("POST", "/v1/orgs", { title: `Scale org ${i + 1}` });
  return n;
}

/** Spaces created in the organization by POST /v1/orgs/{id}/spaces. */
export async function createSpaces(ctx, n) {
  for (let i = 0; i < n; i++) {
    await ctx.api("POST", `/v1/orgs/${ctx.org}/spaces`, { title: `Scale space ${i + 1}` });
  }
  return n;
}

/** `n` pages of about `words` words in a new space: one change request, batches of 50, a merge. */
export function insertPages(words) {
  return async (ctx, n) => {
    const space = await ctx.api("POST", `/v1/orgs/${ctx.org}/spaces`, {
      title: `Pages of ${words} words`,
      empty: true,
    });
    ctx.pageSpaces.push({ id: space.id, words });
    const base = await changeRequest(ctx, space.id, `${n} pages`);
    for (let done = 0; done < n; done += 50) {
      const changes = [];
      for (let k = done; k < Math.min(n, done + 50); k++) {
        const markdown = pageMarkdown(words * 1_000_000 + k, words);
        changes.push({ operation: "insert_page", title: `Page ${k + 1}`, document: { markdown } });
      }
      await ctx.api("POST", `${base}/content`, { changes });
    }
    await ctx.api("POST", `${base}/merge`);
    await waitForIndex(ctx, space.id);
    return n;
  };
}

async function pagesOf(ctx, spaceId) {
  const { results } = await ctx.db
    .prepare(
      "SELECT p.page_id AS id FROM page_versions p JOIN spaces s ON s.main_line_id = p.line_id" +
        " WHERE s.id = ? AND p.to_seq IS NULL AND p.kind = 'document' LIMIT 100",
    )
    .bind(spaceId)
    .all();
  return results.map((r) => r.id);
}

/** Revisions of main: each a change request editing one page (new text, same size) and merged. */
export async function editPages(ctx, n) {
  const { id: spaceId, words } = ctx.pageSpaces[0];
  const pages = await pagesOf(ctx, spaceId);
  for (let i = 0; i < n; i++) {
    const base = await changeRequest(ctx, spaceId, `Edit ${i + 1}`);
    const markdown = pageMarkdown(7_000_000 + i, words);
    const page = pages[i % pages.length];
    await ctx.api("POST", `${base}/content`, {
      changes: [{ operation: "update_page", page, document: { markdown } }],
    });
    await ctx.api("POST", `${base}/merge`);
  }
  await waitForIndex(ctx, spaceId);
  return n;
}

/** Open change requests, each with one page edited, never merged. */
export async function openChangeRequests(ctx, n) {
  const { id: spaceId, words } = ctx.pageSpaces[0];
  const pages = await pagesOf(ctx, spaceId);
  for (let i = 0; i < n; i++) {
    const base = await changeRequest(ctx, spaceId, `Open ${i + 1}`);
    const markdown = pageMarkdown(8_000_000 + i, words);
    await ctx.api("POST", `${base}/content`, {
      changes: [
        { operation: "update_page", page: pages[i % pages.length], document: { markdown } },
      ],
    });
  }
  return n;
}

/** Comments of about 30 words on pages of the space (POST /v1/spaces/{id}/comments). */
export async function postComments(ctx, n) {
  const { id: spaceId } = ctx.pageSpaces[0];
  const pages = await pagesOf(ctx, spaceId);
  for (let i = 0; i < n; i++) {
    const markdown = paragraph(prng(9_000_000 + i), 30);
    await ctx.api("POST", `/v1/spaces/${spaceId}/comments`, {
      page: pages[i % pages.length],
      body: { markdown },
    });
  }
  return n;
}
