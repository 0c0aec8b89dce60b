// The reader bench's data: one organization, an admin with an API token, and a space of 1,000
// varied pages (bench/lib/reader-markdown.mjs) in groups of 100, seeded in SQL in the shapes the
// services write (as bench/lib/seed.mjs does; bodies built by the Worker's own markdown parser
// and document store, bundled for Node). The public site over that space is then created and
// published through the API, and the page addresses are read back from the API's revision tree.
import { mintToken, newId } from "../../scripts/lib/identity.mjs";
import { positionKey } from "./documents.mjs";
import { timedFetch } from "./measure.mjs";
import { readerPageMarkdown } from "./reader-markdown.mjs";
import { contentCore } from "./rich-space.mjs";
import { insertRows, pageRow, spaceRows } from "./seed.mjs";

/** Pages of the site's space, and how many sit in one group. */
const SITE = { pages: 1_000, pagesPerGroup: 100 };


/**
 * The page bodies, bound rather than written as literals: the long reference pages are over
 * D1's 100 KB statement limit once hex-encoded. Sent in batches of 50.
 */
async function insertDocuments(db, documents) {
  const insert = db.prepare("INSERT INTO documents (hash, body) VALUES (?, ?)");
  const rows = [...documents];
  for (let i = 0; i < rows.length; i += 50) {
    await db.batch(rows.slice(i, i + 50).map(([hash, body]) => insert.bind(hash, body)));
  }
}

/** The organization, its admin (with a token) and their membership. */
export async function seedOwner(db, at) {
  const admin = { id: newId(), token: await mintToken() };
  const org = newId();
  await insertRows(db, "users", [
    {
      id: admin.id,
      display_name: "Reader Bench",
      email: "reader-bench@example.com",
      email_verified: 1,
      created_at: at,
    },
  ]);
  await insertRows(db, "api_tokens", [
    {
      id: newId(),
      user_id: admin.id,
      label: "bench",
      digest: admin.token.digest,
      hint: admin.token.hint,
      created_at: at,
    },
  ]);
  await insertRows(db, "organizations", [
    { id: org, title: "Reader bench", created_at: at, members_count: 1 },
  ]);
  await insertRows(db, "org_members", [
    { organization_id: org, user_id: admin.id, role: "admin", joined_at: at },
  ]);
  return { org, adminId: admin.id, token: admin.token.secret };
}

/**
 * Seeds the owner and the 1,000-page space. Returns the ids, the token and, per page id, the
 * size of its stored document (the bench picks the typical and the largest page from these).
 */
export async function seedReaderSpace(db) {
  const started = performance.now();
  const core = await contentCore();
  const created = Date.now() - 86_400_000;
  const at = new Date(created).toISOString();
  const owner = await seedOwner(db, at);
  const s = spaceRows(owner.org, owner.adminId, "Reader bench docs", 0, created);
  const line = s.space.mainLineId;
  const row = (pageId, kind, parentId, position, title, slug, hash = null) =>
    pageRow(line, pageId, kind, parentId, position, title, slug, hash, at);
  const pages = [];
  const documents = new Map();
  const documentBytes = new Map();
  const groupIds = [];
  for (let g = 0; g < Math.ceil(SITE.pages / SITE.pagesPerGroup); g++) {
    groupIds.push(newId());
    pages.push(row(groupIds[g], "group", null, positionKey(g), `Part ${g + 1}`, `part-${g + 1}`));
  }
  const pageIds = Array.from({ length: SITE.pages }, () => newId());
  for (let n = 0; n < SITE.pages; n++) {
    const markdown = readerPageMarkdown(n, n > 0 ? pageIds[n - 1] : null);
    const { document } = core.parseMarkdown(markdown, {
      resolveHref: (href) =>
        href.startsWith("bench-page:") ? { kind: "page", page: href.slice(11) } : null,
    });
    const stored = await core.storeable(document);
    documents.set(stored.hash, stored.body);
    documentBytes.set(pageIds[n], stored.body.length);
    const group = groupIds[Math.floor(n / SITE.pagesPerGroup)];
    const position = positionKey(n % SITE.pagesPerGroup);
    pages.push(
      row(pageIds[n], "document", group, position, `Topic ${n + 1}`, `topic-${n + 1}`, stored.hash),
    );
  }
  await insertRows(db, "spaces", [s.row]);
  await insertRows(db, "revisions", [s.revision]);
  await insertRows(db, "page_versions", pages);
  await insertDocuments(db, documents);
  const sizes = [...documentBytes.values()];
  return {
    ...owner,
    spaceId: s.space.id,
    pageIds,
    documentBytes,
    counts: {
      pages: pages.length,
      documentPages: SITE.pages,
      groups: groupIds.length,
      documentBytesTotal: sizes.reduce((a, b) => a + b, 0),
      documentBytesMax: Math.max(...sizes),
    },
    seedSeconds: (performance.now() - started) / 1000,
  };
}

/** The document pages of a revision tree (`pages` nested in `pages`), with their paths. */
function documentPages(pages, out = []) {
  for (const page of pages ?? []) {
    if (page.type === "document") out.push({ id: page.id, path: page.path });
    documentPages(page.pages, out);
  }
  return out;
}

/**
 * Creates the public site over the space and publishes it, through the API as its owner, and
 * reads the space's revision tree back. Returns the site id and the reader URL of every page.
 */
export async function publishReaderSite(apiUrl, readerUrl, seeded) {
  const auth = { authorization: `Bearer ${seeded.token}` };
  const base = `${apiUrl}/v1/orgs/${seeded.org}/sites`;
  const body = { title: "Reader bench", visibility: "public", spaces: [seeded.spaceId] };
  const site = await timedFetch(base, { method: "POST", headers: auth, body });
  if (site.status >= 300)
    throw new Error(`creating the site answered ${site.status}: ${site.text}`);
  const published = await timedFetch(`${base}/${site.json.id}/publish`, {
    method: "POST",
    headers: auth,
  });
  if (published.status >= 300) {
    throw new Error(`publishing answered ${published.status}: ${published.text}`);
  }
  const tree = await timedFetch(`${apiUrl}/v1/spaces/${seeded.spaceId}/content`, { headers: auth });
  if (tree.status !== 200) throw new Error(`the revision tree answered ${tree.status}`);
  const pages = documentPages(tree.json.pages);
  if (pages.length !== SITE.pages) {
    throw new Error(`the revision tree has ${pages.length} document pages, not ${SITE.pages}`);
  }
  const siteUrl = `${readerUrl}/${site.json.id}`;
  return {
    siteId: site.json.id,
    siteUrl,
    pages: pages.map((p) => ({
      ...p,
      url: `${siteUrl}/${p.path}`,
      documentBytes: seeded.documentBytes.get(p.id),
    })),
  };
}
