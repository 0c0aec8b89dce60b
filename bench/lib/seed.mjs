// Seeds the bench database with plain SQL, in the shapes the services write (src/db/schema/*.ts,
// src/services/spaces/create.ts): users with API tokens, an organization with many spaces, content
// spaces of several sizes (main-line page rows at from_seq 1, bodies in `documents` by hash), and
// an organization of spaces deleted past the retention period for the purge. Columns left out
// take their schema defaults.
import { mintSession, mintToken, newId } from "../../scripts/lib/identity.mjs";
import { sqlValue } from "../../scripts/lib/sql.mjs";
import { DATA } from "./config.mjs";
import { pageDocument, positionKey, stored } from "./documents.mjs";

const MAX_STATEMENT_CHARS = 90_000; // under D1's 100 KB statement limit
const MAX_EXEC_CHARS = 2_000_000;

/**
 * Multi-row INSERTs of `rows` (objects keyed by column name, all with the same keys) as literal
 * SQL (every value through scripts/lib/sql.mjs `sqlValue`), each statement under D1's size limit,
 * sent with `exec` in large chunks: one host-to-workerd call per chunk, not per statement.
 */
export async function insertRows(db, table, rows) {
  const columns = Object.keys(rows[0]);
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
  const statements = [];
  let tuples = [];
  let length = head.length;
  for (const row of rows) {
    const tuple = `(${columns.map((c) => sqlValue(row[c])).join(", ")})`;
    if (tuples.length && length + tuple.length + 2 > MAX_STATEMENT_CHARS) {
      statements.push(head + tuples.join(", "));
      tuples = [];
      length = head.length;
    }
    tuples.push(tuple);
    length += tuple.length + 2;
  }
  if (tuples.length) statements.push(head + tuples.join(", "));
  let chunk = [];
  let chunkLength = 0;
  for (const statement of statements) {
    if (chunk.length && chunkLength + statement.length > MAX_EXEC_CHARS) {
      await execChunk(db, table, chunk);
      chunk = [];
      chunkLength = 0;
    }
    chunk.push(statement);
    chunkLength += statement.length + 1;
  }
  if (chunk.length) await execChunk(db, table, chunk);
}

/** Runs one chunk of statements, naming the table when D1 refuses it (a schema change?). */
async function execChunk(db, table, statements) {
  try {
    await db.exec(statements.join("\n"));
  } catch (err) {
    throw new Error(
      `seeding ${table} failed (does the seed match src/db/schema?): ${err.message}`,
      {
        cause: err,
      },
    );
  }
}

const iso = (ms) => new Date(ms).toISOString();

/** A space row and its first revision (space-core.ts `createSpaceStatements`). */
export function spaceRows(organization_id, created_by, title, index, createdMs, deleted_at = null) {
  const space = { id: newId(), mainLineId: newId(), revisionId: newId() };
  const at = iso(createdMs);
  const row = {
    id: space.id,
    organization_id,
    title,
    visibility: "private",
    merge_rules: '{"type":"inherit"}',
    position: positionKey(index),
    main_line_id: space.mainLineId,
    revision_id: space.revisionId,
    main_seq: 1,
    created_by,
    created_at: at,
    updated_at: at,
    deleted_at,
  };
  const revision = {
    id: space.revisionId,
    space_id: space.id,
    line_id: space.mainLineId,
    seq: 1,
    parents: "[]",
    type: "edits",
    created_by,
    created_at: at,
  };
  return { space, row, revision };
}

/** A main-line page row, open from sequence 1. */
export function pageRow(lineId, pageId, kind, parentId, position, title, slug, hash, at) {
  return {
    line_id: lineId,
    page_id: pageId,
    from_seq: 1,
    kind,
    parent_id: parentId,
    position,
    title,
    slug,
    document_hash: hash,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Main-line pages of a space with `size` document pages: flat up to one group's worth, else
 * `size / pagesPerGroup` groups of document pages, so no sibling list grows past a group.
 */
function contentRows(space, size, seed, at, out) {
  const line = space.mainLineId;
  const grouped = size > DATA.pagesPerGroup;
  const groupIds = [];
  for (let g = 0; grouped && g < Math.ceil(size / DATA.pagesPerGroup); g++) {
    groupIds.push(newId());
    const title = `Group ${g + 1}`;
    out.pages.push(
      pageRow(line, groupIds[g], "group", null, positionKey(g), title, `group-${g + 1}`, null, at),
    );
  }
  const pageIds = [];
  for (let n = 0; n < size; n++) {
    pageIds.push(newId());
    const title = `Page ${n + 1}`;
    const doc = stored(pageDocument(seed, n, title, n % 10 === 0 ? DATA.searchTerm : undefined));
    out.documents.set(doc.hash, doc.body);
    const parent = grouped ? groupIds[Math.floor(n / DATA.pagesPerGroup)] : null;
    const position = positionKey(grouped ? n % DATA.pagesPerGroup : n);
    out.pages.push(
      pageRow(line, pageIds[n], "document", parent, position, title, `page-${n + 1}`, doc.hash, at),
    );
  }
  return { pageIds, groupIds };
}

/** Seeds everything; returns the ids and token secrets the operations need. */
export async function seed(db) {
  const now = Date.now();
  const start = now - 30 * 86_400_000;
  const t0 = iso(start);
  const admin = { id: newId(), token: await mintToken() };
  const member = { id: newId(), token: await mintToken() };
  const org = newId();
  const purgeOrg = newId();
  const user = (u, name) => ({
    id: u.id,
    display_name: name,
    email: `${name.replace(" ", "-").toLowerCase()}@example.com`,
    email_verified: 1,
    created_at: t0,
  });
  await insertRows(db, "users", [user(admin, "Bench Admin"), user(member, "Bench Member")]);
  const token = (u) => ({
    id: newId(),
    user_id: u.id,
    label: "bench",
    digest: u.token.digest,
    hint: u.token.hint,
    created_at: t0,
  });
  // The member signed in at a browser too: the same person's session (a `quire_session` cookie).
  const session = await mintSession();
  const memberSession = {
    ...token({ id: member.id, token: session }),
    kind: "session",
    label: "Session",
    last_used_at: iso(now),
    expires_at: iso(now + 30 * 86_400_000),
    method: "link",
  };
  await insertRows(db, "api_tokens", [token(admin), token(member)]);
  // Its own insert: a statement's columns are its first row's.
  await insertRows(db, "api_tokens", [memberSession]);
  await insertRows(db, "organizations", [
    { id: org, title: "Bench organization", created_at: t0, members_count: 2 },
    { id: purgeOrg, title: "Bench purge organization", created_at: t0, members_count: 1 },
  ]);
  const membership = (organization_id, user_id, role) => ({
    organization_id,
    user_id,
    role,
    joined_at: t0,
  });
  await insertRows(db, "org_members", [
    membership(org, admin.id, "admin"),
    membership(org, member.id, "edit"),
    membership(purgeOrg, admin.id, "admin"),
  ]);

  const out = { spaces: [], revisions: [], pages: [], documents: new Map() };
  const addSpace = (...args) => {
    const s = spaceRows(...args);
    out.spaces.push(s.row);
    out.revisions.push(s.revision);
    return s.space;
  };
  const listSpaceIds = [];
  for (let i = 0; i < DATA.listSpaces; i++) {
    listSpaceIds.push(
      addSpace(org, admin.id, `Listed space ${i + 1}`, i, start + (i + 1) * 1000).id,
    );
  }
  const content = {};
  DATA.contentSizes.forEach((size, k) => {
    const created = start + (DATA.listSpaces + k + 1) * 1000;
    const space = addSpace(org, admin.id, `Content ${size} pages`, DATA.listSpaces + k, created);
    const c = contentRows(space, size, k + 1, iso(created), out);
    content[size] = { ...space, ...c, samplePage: c.pageIds[Math.floor(size / 2)] };
  });
  const deletedAt = iso(now - DATA.deletedDaysAgo * 86_400_000);
  for (let i = 0; i < DATA.deletedSpaces; i++) {
    const space = addSpace(
      purgeOrg,
      admin.id,
      `Deleted space ${i + 1}`,
      i,
      start + i * 1000,
      deletedAt,
    );
    contentRows(space, DATA.pagesPerDeletedSpace, 100 + i, t0, out);
  }
  await insertRows(db, "spaces", out.spaces);
  await insertRows(db, "revisions", out.revisions);
  await insertRows(db, "page_versions", out.pages);
  await insertRows(
    db,
    "documents",
    [...out.documents].map(([hash, body]) => ({ hash, body })),
  );
  return {
    tokens: { admin: admin.token.secret, member: member.token.secret },
    sessions: { member: session.secret },
    users: { admin: admin.id, member: member.id },
    org,
    purgeOrg,
    listSpaceIds,
    content,
    counts: {
      spaces: out.spaces.length,
      revisions: out.revisions.length,
      pages: out.pages.length,
      documents: out.documents.size,
      deletedSpaces: DATA.deletedSpaces,
    },
  };
}
