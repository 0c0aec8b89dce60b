import type { GlossaryEntry, Translation, TranslationLanguageCode } from "../api/translations";
import type { GlossaryRow, TranslationRow } from "../db/schema";
import type { Urls } from "../http/urls";

/** A running translation's progress counts, as the translation's read loaded them. */
export interface TranslationProgressCounts {
  pagesDone: number;
  pagesTotal: number;
}

/** The empty Document: the instructions of a translation created without any. */
const EMPTY_DOCUMENT = { object: "document" as const, data: {}, nodes: [] };

const seconds = (ms: number) => Math.round(ms / 1000);

/** The `progress` of a running translation: the counts and their percentage (0–100). */
function progressOf(row: TranslationRow, counts: TranslationProgressCounts) {
  const { pagesDone, pagesTotal } = counts;
  const percent = pagesTotal === 0 ? 0 : Math.floor((100 * pagesDone) / pagesTotal);
  return {
    pagesDone,
    pagesTotal,
    percent,
    ...(row.runStartedAt ? { startedAt: row.runStartedAt } : {}),
  };
}

/**
 * A translation as every endpoint shows it. The official status has no `failed`: a failed run
 * shows `pending` (it needs another run) with `error`; queued and never-run are `pending` too.
 * `progress` (Quire's own) is shown while running, when the read loaded the counts.
 */
export function presentTranslation(
  urls: Urls,
  row: TranslationRow,
  permissions: Translation["permissions"],
  progress?: TranslationProgressCounts,
): Translation {
  const language = row.language as TranslationLanguageCode;
  const status =
    row.state === "running" ? "running" : row.state === "completed" ? "completed" : "pending";
  return {
    object: "translation",
    id: row.id,
    status,
    source: { space: row.sourceSpaceId, language: row.sourceLanguage as TranslationLanguageCode },
    language,
    instructions: (row.instructions as Translation["instructions"] | null) ?? EMPTY_DOCUMENT,
    ...(row.resultSpaceId && row.resultRevisionId
      ? { result: { space: row.resultSpaceId, revision: row.resultRevisionId, language } }
      : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    stats: {
      runs: row.runs,
      totalWords: row.totalWords,
      totalPages: row.totalPages,
      totalDuration: seconds(row.totalDurationMs),
      latestRunDuration: seconds(row.latestDurationMs),
      latestPages: row.latestPages,
      latestWords: row.latestWords,
    },
    permissions,
    urls: { location: urls.api(`/orgs/${row.organizationId}/translations/${row.id}`) },
    ...(row.state === "failed" && row.error ? { error: { message: row.error } } : {}),
    ...(row.state === "running" && progress ? { progress: progressOf(row, progress) } : {}),
  };
}

/** A glossary entry as the glossary endpoints show it. */
export function presentGlossaryEntry(urls: Urls, row: GlossaryRow): GlossaryEntry {
  return {
    object: "glossary-entry",
    id: row.id,
    translations: row.translations,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    urls: { location: urls.api(`/orgs/${row.organizationId}/translations-glossary/${row.id}`) },
  };
}
