import { applyD1Migrations, env } from "cloudflare:test";

// Runs before every test file. Test files share their worker's D1 (`isolate: false` in
// vitest.config.ts, so workerd and the migrated schema are made once per worker, not once per
// file); every file starts from empty tables all the same, so files stay independent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const tables = await env.DB.prepare(
  `SELECT name FROM sqlite_master WHERE type = 'table'
     AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'
     AND name NOT LIKE 'search_fts_%'`,
).all<{ name: string }>();
await env.DB.batch([
  env.DB.prepare("PRAGMA defer_foreign_keys = on"),
  ...tables.results.map((t) => env.DB.prepare(`DELETE FROM "${t.name}"`)),
]);
