import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import {
  translationPages,
  translationStaged,
  translations,
  type PageRow,
  type SpaceRow,
  type TranslationRow,
} from "../../../db/schema/index";
import { mainPointer } from "../../../content/pointers";
import { treeQuery } from "../../../content/read";
import { compareSiblings } from "../../../content/tree";
import { stateOf } from "../../../content/state";
import { runPlan } from "../../../db/plan";
import { PermanentJobError } from "../../../jobs/define";
import { newId } from "../../../lib/ids";
import { chunked } from "../../../db/chunked";
import { spaceAppendPlan, insertSpace } from "../../spaces/spaces";
import { pageHash, runContext, settingsDigest } from "./state";

/**
 * The first step of a run: makes sure the result space exists (created on the first run, in the
 * organization, with the target language), reserves a result page id for every source page,
 * and writes the work list: the pages whose source hash changed since they were last written
 * (or whose result page is gone). Work staged by a failed run for an unchanged page is kept.
 */
export async function prepareRun(db: Database, t: TranslationRow): Promise<void> {
  const context = await runContext(db, t);
  const source = context.source;
  if (!source) throw new PermanentJobError("The source space no longer exists");
  const result = context.result ?? (await createResultSpace(db, t, source));
  const digest = await settingsDigest(t, context.terms);
  const [sourceRows, resultRows, mapping, staged] = await db.batch([
    treeQuery(db, mainPointer(source)),
    treeQuery(db, mainPointer(result)),
    db.select().from(translationPages).where(eq(translationPages.translationId, t.id)),
    db
      .select({ id: translationStaged.sourcePageId, hash: translationStaged.sourceHash })
      .from(translationStaged)
      .where(eq(translationStaged.translationId, t.id)),
  ]);
  const liveResult = new Set(resultRows.filter((r) => !r.deleted).map((r) => r.pageId));
  const mapped = new Map(mapping.map((m) => [m.sourcePageId, m]));
  const stagedHash = new Map(staged.map((s) => [s.id, s.hash]));
  const newMappings: (typeof translationPages.$inferInsert)[] = [];
  const work: (typeof translationStaged.$inferInsert)[] = [];
  const needed = new Set<string>();
  for (const [ord, page] of treeOrder(sourceRows).entries()) {
    const hash = await pageHash(digest, page);
    const map = mapped.get(page.pageId);
    if (!map)
      newMappings.push({ translationId: t.id, sourcePageId: page.pageId, resultPageId: newId() });
    if (map && map.sourceHash === hash && liveResult.has(map.resultPageId)) continue;
    needed.add(page.pageId);
    if (stagedHash.get(page.pageId) === hash) continue;
    work.push({ translationId: t.id, sourcePageId: page.pageId, sourceHash: hash, ord });
  }
  const obsolete = staged.map((s) => s.id).filter((id) => !needed.has(id));
  const statements: BatchItem<"sqlite">[] = [
    ...chunked(newMappings, 20).map((rows) => db.insert(translationPages).values(rows)),
    ...chunked(work, 10).map((rows) =>
      db
        .insert(translationStaged)
        .values(rows)
        .onConflictDoUpdate({
          target: [translationStaged.translationId, translationStaged.sourcePageId],
          set: {
            sourceHash: sql`excluded.source_hash`,
            ord: sql`excluded.ord`,
            done: false,
            title: null,
            description: null,
            body: null,
            words: 0,
          },
        }),
    ),
    ...chunked(obsolete, 90).map((ids) =>
      db
        .delete(translationStaged)
        .where(
          and(
            eq(translationStaged.translationId, t.id),
            inArray(translationStaged.sourcePageId, ids),
          ),
        ),
    ),
  ];
  if (statements.length) await db.batch([statements[0]!, ...statements.slice(1)]);
}

/** The live pages of a tree, depth first in sibling order (the order batches follow). */
function treeOrder(rows: PageRow[]) {
  const live = rows.filter((r) => !r.deleted).map(stateOf);
  const children = new Map<string | null, typeof live>();
  for (const page of live) {
    const list = children.get(page.parentId) ?? [];
    list.push(page);
    children.set(page.parentId, list);
  }
  const out: typeof live = [];
  const walk = (parent: string | null, depth: number) => {
    if (depth > 64) return;
    for (const page of (children.get(parent) ?? []).sort(compareSiblings)) {
      out.push(page);
      walk(page.pageId, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * The result space of a first run (or of a run after the result space was deleted): beside the
 * source, titled after it, in the target language. Mapping and staged work of an older result
 * space are dropped with it.
 */
async function createResultSpace(db: Database, t: TranslationRow, source: SpaceRow) {
  const input = {
    organizationId: t.organizationId,
    createdBy: t.createdBy,
    title: `${source.title} (${t.language})`.slice(0, 100),
    language: t.language,
  };
  let created = await insertSpace(db, {
    ...input,
    parentId: source.parentId,
    position: await runPlan(db, spaceAppendPlan(db, t.organizationId, source.parentId)),
  });
  if (!created.row) {
    // The source's collection vanished meanwhile: the top level of the organization.
    created = await insertSpace(db, {
      ...input,
      parentId: null,
      position: await runPlan(db, spaceAppendPlan(db, t.organizationId, null)),
    });
  }
  const row = created.row;
  if (!row) throw new Error("The result space could not be created");
  await db.batch([
    db.update(translations).set({ resultSpaceId: row.id }).where(eq(translations.id, t.id)),
    db.delete(translationPages).where(eq(translationPages.translationId, t.id)),
    db.delete(translationStaged).where(eq(translationStaged.translationId, t.id)),
  ]);
  return row;
}
