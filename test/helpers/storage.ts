import { env } from "cloudflare:test";

/**
 * Empties every table and the file bucket: what each test file starts from (test/helpers/setup.ts),
 * and each former file's section of a merged test file (`beforeAll(emptyStorage)`), so a section
 * sees the empty world its file saw when it was a file of its own.
 */
export async function emptyStorage(): Promise<void> {
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
}
