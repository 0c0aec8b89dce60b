import { applyD1Migrations, env } from "cloudflare:test";

// Runs before every test file. Test files share their worker's workerd, D1 and R2
// (`isolate: false` in vitest.config.ts, so workerd and the migrated schema are made once per
// worker, not once per file); every file starts from empty tables and an empty bucket all the
// same, so files stay independent whatever order they run in.
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
for (
  let listed = await env.FILES.list();
  listed.objects.length > 0;
  listed = await env.FILES.list()
) {
  await env.FILES.delete(listed.objects.map((o) => o.key));
}
