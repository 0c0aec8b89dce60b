// Storage figures of the local D1 database for bench/scale.mjs: the SQLite file Miniflare persists
// (the same engine and page format D1 stores), read with the sqlite3 CLI's `dbstat` virtual table
// (bytes per table and index, free pages excluded) and `count(*)` per table. A snapshot before and
// after a phase gives that phase's bytes and rows; dividing by what the phase made gives the cost
// per page, revision, comment, change request, space or organization.
import { execFile } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The one D1 database file under Miniflare's persistence directory. */
export async function findDatabaseFile(stateDir) {
  const dir = join(stateDir, "d1", "miniflare-D1DatabaseObject");
  const files = (await readdir(dir)).filter((f) => /^[0-9a-f]{64}\.sqlite$/.test(f));
  if (files.length !== 1) throw new Error(`expected one .sqlite file in ${dir}, found ${files}`);
  return join(dir, files[0]);
}

async function query(file, sql) {
  const { stdout } = await run("sqlite3", ["-readonly", "-json", file, sql], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim() ? JSON.parse(stdout) : [];
}

/**
 * The table an object's bytes belong to: an index to its table, an FTS5 shadow table
 * (`search_fts_data`, `_idx`, `_docsize`, `_config`, `_content`) to its virtual table.
 */
function ownerOf(name, owners, virtualTables) {
  for (const v of virtualTables) if (name.startsWith(`${v}_`)) return v;
  return owners.get(name) ?? name;
}

/**
 * Bytes (dbstat page sizes) and rows of every table, indexes and FTS shadow tables folded into
 * their table, plus the database's page figures and file size on disk.
 */
export async function snapshot(file) {
  const master = await query(file, "SELECT type, name, tbl_name, sql FROM sqlite_master");
  const owners = new Map(master.map((m) => [m.name, m.tbl_name]));
  const virtualTables = master
    .filter((m) => m.type === "table" && /CREATE VIRTUAL TABLE/i.test(m.sql ?? ""))
    .map((m) => m.name);
  const shadow = (name) => virtualTables.some((v) => name.startsWith(`${v}_`));
  const plain = master.filter(
    (m) =>
      m.type === "table" &&
      !shadow(m.name) &&
      !m.name.startsWith("sqlite_") &&
      !m.name.startsWith("_cf_") &&
      m.name !== "d1_migrations",
  );
  const counts = plain.length
    ? (
        await query(
          file,
          plain
            .map((t) => `SELECT '${t.name}' AS name, count(*) AS n FROM "${t.name}"`)
            .join(" UNION ALL "),
        )
      ).map((r) => [r.name, r.n])
    : [];
  const tables = {};
  for (const [name, rows] of counts) tables[name] = { rows, bytes: 0, indexBytes: 0 };
  const pages = await query(file, "SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name");
  for (const { name, bytes } of pages) {
    const owner = ownerOf(name, owners, virtualTables);
    if (!tables[owner]) continue; // sqlite_schema, _cf_ tables, migrations bookkeeping
    if (owner === name) tables[owner].bytes += bytes;
    else tables[owner].indexBytes += bytes;
  }
  const [pragma] = await query(
    file,
    "SELECT (SELECT page_count FROM pragma_page_count) AS pageCount," +
      " (SELECT page_size FROM pragma_page_size) AS pageSize," +
      " (SELECT freelist_count FROM pragma_freelist_count) AS freePages",
  );
  const fileBytes = (await stat(file)).size;
  return {
    tables,
    ...pragma,
    usedBytes: (pragma.pageCount - pragma.freePages) * pragma.pageSize,
    fileBytes,
  };
}

/** What changed between two snapshots: per table rows and bytes (table + indexes), and in all. */
export function delta(before, after) {
  const tables = {};
  for (const [name, a] of Object.entries(after.tables)) {
    const b = before.tables[name] ?? { rows: 0, bytes: 0, indexBytes: 0 };
    const d = {
      rows: a.rows - b.rows,
      bytes: a.bytes - b.bytes,
      indexBytes: a.indexBytes - b.indexBytes,
    };
    if (d.rows || d.bytes || d.indexBytes) tables[name] = d;
  }
  return {
    tables,
    usedBytes: after.usedBytes - before.usedBytes,
    rows: Object.values(tables).reduce((s, t) => s + t.rows, 0),
  };
}
