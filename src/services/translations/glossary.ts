import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { translationCounters, translationGlossary, type GlossaryRow } from "../../db/schema/index";
import type { CursorKey } from "../../http/pagination";
import { RefusedValue, UnknownReference } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";

/** A glossary operation as the wire states it (official GlossaryBatchOperation). */
export type GlossaryOperation =
  | { type: "insert"; translations: Record<string, string> }
  | { type: "update"; id: string; translations: Record<string, string> }
  | { type: "delete"; id: string };

/** The organization's glossary entry count (its counter). */
function counterQuery(db: Database, orgId: string) {
  return db
    .select({ n: translationCounters.glossaryEntries })
    .from(translationCounters)
    .where(eq(translationCounters.organizationId, orgId));
}

/**
 * A page of the glossary: by creation, or by the term of `orderBy`'s language (entries without
 * it last). The glossary is capped (`MAX_GLOSSARY_ENTRIES`), so the ordered read stays bounded.
 */
export function glossaryListPlan(
  db: Database,
  input: { orgId: string; limit: number; orderBy?: string; after?: CursorKey },
) {
  const term = input.orderBy
    ? sql<string>`coalesce(json_extract(${translationGlossary.translations}, ${`$."${input.orderBy}"`}), char(0x10FFFF))`
    : sql<string>`${translationGlossary.createdAt}`;
  const after = input.after
    ? sql`(${term}, ${translationGlossary.id}) > (${input.after[0] ?? ""}, ${input.after[1] ?? ""})`
    : undefined;
  return plan(
    {
      rows: db
        .select({ entry: translationGlossary, key: term.as("sort_key") })
        .from(translationGlossary)
        .where(and(eq(translationGlossary.organizationId, input.orgId), after))
        .orderBy(asc(term), asc(translationGlossary.id))
        .limit(input.limit + 1),
      counter: counterQuery(db, input.orgId),
    },
    (r) => ({ rows: r.rows, count: r.counter[0]?.n ?? 0 }),
  );
}

/** One glossary entry of the organization. */
export function glossaryEntryPlan(db: Database, orgId: string, id: string) {
  return plan(
    {
      entry: db
        .select()
        .from(translationGlossary)
        .where(and(eq(translationGlossary.id, id), eq(translationGlossary.organizationId, orgId))),
    },
    (r): GlossaryRow | undefined => r.entry[0],
  );
}

/** The existing entries among the ids a batch names, and the entry count, for its checks. */
export function glossaryBatchPlan(db: Database, orgId: string, ops: readonly GlossaryOperation[]) {
  const ids = [...new Set(ops.flatMap((op) => (op.type === "insert" ? [] : [op.id])))];
  // D1 binds at most 100 parameters per statement: one lookup per 90 ids.
  const lookups = Object.fromEntries(
    chunkIds(ids).map((chunk, i) => [
      `known${i}`,
      db
        .select({ id: translationGlossary.id })
        .from(translationGlossary)
        .where(
          and(
            eq(translationGlossary.organizationId, orgId),
            inArray(translationGlossary.id, chunk),
          ),
        ),
    ]),
  );
  return plan({ ...lookups, counter: counterQuery(db, orgId) }, (r) => {
    const known = new Set<string>();
    for (const [name, rows] of Object.entries(r)) {
      if (!name.startsWith("known")) continue;
      for (const row of rows as unknown as { id: string }[]) known.add(row.id);
    }
    const counter = r.counter as unknown as { n: number }[];
    return { known, count: counter[0]?.n ?? 0 };
  });
}

function chunkIds(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += 90) out.push(ids.slice(i, i + 90));
  return out;
}

/**
 * Applies a glossary batch in order, in one D1 batch: an update of an unknown entry is a 400
 * naming it, a delete of an unknown entry does nothing, the glossary never exceeds `max`.
 */
export async function applyGlossaryOperations(
  db: Database,
  orgId: string,
  ops: readonly GlossaryOperation[],
  checks: { known: Set<string>; count: number; max: number },
): Promise<void> {
  const now = nowIso();
  const live = new Set(checks.known);
  let count = checks.count;
  const statements: BatchItem<"sqlite">[] = [];
  ops.forEach((op, i) => {
    if (op.type === "insert") {
      const id = newId();
      live.add(id);
      count++;
      statements.push(
        db.insert(translationGlossary).values({
          id,
          organizationId: orgId,
          translations: op.translations,
          createdAt: now,
          updatedAt: now,
        }),
      );
    } else if (op.type === "update") {
      if (!live.has(op.id)) {
        throw new UnknownReference(`operations[${i}].id`, "no such glossary entry");
      }
      statements.push(
        db
          .update(translationGlossary)
          .set({ translations: op.translations, updatedAt: now })
          .where(
            and(eq(translationGlossary.id, op.id), eq(translationGlossary.organizationId, orgId)),
          ),
      );
    } else if (live.delete(op.id)) {
      count--;
      statements.push(
        db
          .delete(translationGlossary)
          .where(
            and(eq(translationGlossary.id, op.id), eq(translationGlossary.organizationId, orgId)),
          ),
      );
    }
  });
  if (count > checks.max) {
    const rule = `the glossary would hold ${count} entries (max ${checks.max})`;
    throw new RefusedValue("operations", rule);
  }
  if (statements.length === 0) return;
  const total = db
    .select({ n: sql<number>`count(*)` })
    .from(translationGlossary)
    .where(eq(translationGlossary.organizationId, orgId));
  const counter = db
    .insert(translationCounters)
    .values({ organizationId: orgId, glossaryEntries: sql`(${total})` })
    .onConflictDoUpdate({
      target: translationCounters.organizationId,
      set: { glossaryEntries: sql`(${total})` },
    });
  await db.batch([statements[0]!, ...statements.slice(1), counter]);
}

/** Every glossary entry of the organization (bounded by the cap), for a run. */
export function wholeGlossaryQuery(db: Database, orgId: string) {
  return db
    .select({ translations: translationGlossary.translations })
    .from(translationGlossary)
    .where(eq(translationGlossary.organizationId, orgId))
    .limit(1000);
}
