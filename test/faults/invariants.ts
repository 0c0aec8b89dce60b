import { env } from "cloudflare:test";
import { expect } from "vitest";

/**
 * Invariants of the whole database that no failed request may break, checked straight on D1
 * (the API cannot show most of them). Each query returns the offending rows; all must be empty.
 */
/**
 * Lines of spaces past retention: the purge removes their bodies and objects before their
 * version rows (it needs those rows to know what the space used), and nobody can read or restore
 * them any more, so the content invariants skip them.
 */
const PURGEABLE_SPACES = `(SELECT id FROM spaces WHERE deleted_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 days'))`;
const PURGEABLE = `(SELECT main_line_id FROM spaces WHERE id IN ${PURGEABLE_SPACES}
  UNION SELECT line_id FROM change_requests WHERE space_id IN ${PURGEABLE_SPACES})`;

const CHECKS: Record<string, string> = {
  "page version without its document": `SELECT pv.line_id, pv.page_id, pv.document_hash FROM page_versions pv
     LEFT JOIN documents d ON d.hash = pv.document_hash
     WHERE pv.document_hash IS NOT NULL AND d.hash IS NULL AND pv.line_id NOT IN ${PURGEABLE}`,
  "space without its main revision": `SELECT s.id FROM spaces s
     LEFT JOIN revisions r ON r.id = s.revision_id WHERE r.id IS NULL AND s.id NOT IN ${PURGEABLE_SPACES}`,
  "space main_seq off its revision": `SELECT s.id FROM spaces s JOIN revisions r ON r.id = s.revision_id
     WHERE r.line_id <> s.main_line_id OR r.seq <> s.main_seq`,
  "change request without its revision": `SELECT cr.id FROM change_requests cr
     LEFT JOIN revisions r ON r.id = cr.revision_id
     WHERE r.id IS NULL AND cr.space_id NOT IN ${PURGEABLE_SPACES}`,
  "change request seq off its revision": `SELECT cr.id FROM change_requests cr
     JOIN revisions r ON r.id = cr.revision_id
     WHERE cr.seq > 0 AND (r.line_id <> cr.line_id OR r.seq <> cr.seq)`,
  "content rows past their line's head": `SELECT pv.line_id FROM page_versions pv
     WHERE pv.from_seq > COALESCE(
       (SELECT main_seq FROM spaces WHERE main_line_id = pv.line_id),
       (SELECT seq FROM change_requests WHERE line_id = pv.line_id), -1)`,
  "file rows past their line's head": `SELECT fv.line_id FROM file_versions fv
     WHERE fv.from_seq > COALESCE(
       (SELECT main_seq FROM spaces WHERE main_line_id = fv.line_id),
       (SELECT seq FROM change_requests WHERE line_id = fv.line_id), -1)`,
  "space change-request counters": `SELECT s.id FROM spaces s WHERE
     s.change_requests_count <> (SELECT count(*) FROM change_requests c WHERE c.space_id = s.id)
     OR s.change_requests_open <> (SELECT count(*) FROM change_requests c WHERE c.space_id = s.id AND c.status = 'open')
     OR s.change_requests_draft <> (SELECT count(*) FROM change_requests c WHERE c.space_id = s.id AND c.status = 'draft')
     OR s.next_change_request_number <> 1 + (SELECT count(*) FROM change_requests c WHERE c.space_id = s.id)
     EXCEPT SELECT id FROM ${PURGEABLE_SPACES}`,
  "organization counters": `SELECT o.id FROM organizations o WHERE
     o.members_count <> (SELECT count(*) FROM org_members m WHERE m.organization_id = o.id)
     OR o.teams_count <> (SELECT count(*) FROM teams t WHERE t.organization_id = o.id)
     OR o.collections_count <> (SELECT count(*) FROM collections c WHERE c.organization_id = o.id)
     OR o.root_collections_count <> (SELECT count(*) FROM collections c WHERE c.organization_id = o.id AND c.parent_id IS NULL)
     OR o.spaces_count <> (SELECT count(*) FROM spaces s WHERE s.organization_id = o.id AND s.deleted_at IS NULL)`,
  "collection children counters": `SELECT c.id FROM collections c WHERE
     c.children_count <> (SELECT count(*) FROM collections k WHERE k.parent_id = c.id)`,
  "comment counters": `SELECT c.id FROM comments c WHERE
     c.replies_count <> (SELECT count(*) FROM comment_replies r WHERE r.comment_id = c.id)
     OR c.reactions_count <> (SELECT count(*) FROM comment_reactions r WHERE r.comment_id = c.id)`,
  "site counters": `SELECT s.id FROM sites s WHERE
     s.site_spaces_count <> (SELECT count(*) FROM site_spaces x WHERE x.site_id = s.id)
     OR s.share_links_count <> (SELECT count(*) FROM share_links x WHERE x.site_id = s.id)`,
  "organization site counter": `SELECT sc.organization_id FROM site_counters sc WHERE
     sc.sites_count <> (SELECT count(*) FROM sites s WHERE s.organization_id = sc.organization_id)`,
  "team counters": `SELECT t.id FROM teams t WHERE
     t.members_count <> (SELECT count(*) FROM team_members m WHERE m.team_id = t.id)`,
};

/** Checks every invariant; a failure names the invariant and the offending rows. */
export async function expectConsistent(label = ""): Promise<void> {
  const names = Object.keys(CHECKS);
  const results = await env.DB.batch(names.map((n) => env.DB.prepare(CHECKS[n]!)));
  const broken: Record<string, unknown[]> = {};
  results.forEach((r, i) => {
    if (r.results.length > 0) broken[names[i]!] = r.results;
  });
  const files = await env.DB.prepare(
    `SELECT DISTINCT hash FROM file_versions WHERE line_id NOT IN ${PURGEABLE}`,
  ).all<{
    hash: string;
  }>();
  const stored = new Set<string>();
  let cursor: string | undefined;
  do {
    const listed = await env.FILES.list({ prefix: "files/", cursor });
    for (const o of listed.objects) stored.add(o.key);
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  const missing = files.results.filter(({ hash }) => !stored.has(`files/${hash}`));
  if (missing.length > 0) broken["file row without its R2 object"] = missing;
  expect(broken, `invariants ${label}`).toEqual({});
}

/** How many rows a table holds that match a condition, read straight from D1. */
export async function countRows(table: string, where = "1 = 1", ...binds: unknown[]) {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
