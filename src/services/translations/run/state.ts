import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { runStatements, type Results } from "../../../db/plan";
import { spaces, translations, type TranslationRow } from "../../../db/schema/index";
import { sha256Hex } from "../../../lib/crypto";
import { nowIso } from "../../../lib/clock";
import { termMatcher, type GlossaryTerm } from "../../../translate/index";
import { wholeGlossaryQuery } from "../glossary";

/** What every message of a run carries: the run it belongs to (a stale message does nothing). */
export interface RunRef {
  translationId: string;
  runId: string;
}

/**
 * Refreshes the run lock and marks the run `running`, only if the run is still the current one;
 * undefined when it is not (deleted, replaced by a newer run, already finished).
 */
export async function heartbeat(db: Database, ref: RunRef): Promise<TranslationRow | undefined> {
  const now = nowIso();
  const [row] = await db
    .update(translations)
    .set({ state: "running", heartbeatAt: now })
    .where(
      and(
        eq(translations.id, ref.translationId),
        eq(translations.runId, ref.runId),
        inArray(translations.state, ["queued", "running"]),
      ),
    )
    .returning();
  return row;
}

/** The failed state after the last attempt: the error kept, the lock released, work kept. */
export async function markFailed(db: Database, ref: RunRef, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(translations)
    .set({ state: "failed", error: message.slice(0, 1000), runId: null, updatedAt: nowIso() })
    .where(and(eq(translations.id, ref.translationId), eq(translations.runId, ref.runId)));
}

/** The glossary rules of one language pair: a forced term, or "do not translate" without one. */
function glossaryTerms(
  entries: readonly { translations: Record<string, string> }[],
  from: string,
  to: string,
): GlossaryTerm[] {
  return entries.flatMap((e) => {
    const term = e.translations[from];
    return term ? [{ term, replacement: e.translations[to] ?? null }] : [];
  });
}

/** The settings every page hash depends on: a glossary or instructions change retranslates. */
export async function settingsDigest(t: TranslationRow, terms: GlossaryTerm[]): Promise<string> {
  const sorted = [...terms].sort((a, b) => a.term.localeCompare(b.term));
  return sha256Hex(JSON.stringify([t.sourceLanguage, t.language, t.instructions ?? null, sorted]));
}

/** The source page hash: settings and the fields a run translates. */
export function pageHash(
  digest: string,
  page: { kind: string; title: string; description: string | null; documentHash: string | null },
): Promise<string> {
  return sha256Hex(
    JSON.stringify([digest, page.kind, page.title, page.description, page.documentHash]),
  );
}

/** The statements reading a run's context, to join another batch (`runContext` reads them alone). */
export function runContextStatements(db: Database, t: TranslationRow) {
  return {
    source: db.select().from(spaces).where(eq(spaces.id, t.sourceSpaceId)),
    result: db
      .select()
      .from(spaces)
      .where(eq(spaces.id, t.resultSpaceId ?? "")),
    glossary: wholeGlossaryQuery(db, t.organizationId),
  };
}

/** A run's context from the results of `runContextStatements`. */
export function contextOf(r: Results<ReturnType<typeof runContextStatements>>, t: TranslationRow) {
  const terms = glossaryTerms(r.glossary, t.sourceLanguage, t.language);
  return {
    source: r.source[0]?.deletedAt ? undefined : r.source[0],
    result: r.result[0]?.deletedAt ? undefined : r.result[0],
    terms,
    matcher: termMatcher(terms),
  };
}

/** The source and result space rows and the glossary of a run, in one round trip. */
export async function runContext(db: Database, t: TranslationRow) {
  return contextOf(await runStatements(db, runContextStatements(db, t)), t);
}
