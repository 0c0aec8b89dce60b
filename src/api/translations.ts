import { z } from "@hono/zod-openapi";
import { DocumentSchema } from "../../core/document/index";
import { pagedQuery } from "../http/pagination";
import { entityId, pathString, propertyCount } from "./common";
import { JsonDocumentSchema } from "./content-responses";
import { OrgParams } from "./organizations";

/** The official `TranslationLanguage` codes. */
const TRANSLATION_LANGUAGES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "pt-br",
  "ru",
  "ja",
  "zh",
  "zh-tw",
  "yue",
  "ko",
  "ar",
  "hi",
  "nl",
  "pl",
  "tr",
  "sv",
  "no",
  "da",
  "fi",
  "el",
  "cs",
  "hu",
  "ro",
  "th",
  "vi",
  "id",
  "ms",
  "he",
  "uk",
  "sk",
  "bg",
  "hr",
  "lt",
  "lv",
  "et",
  "sl",
] as const;

/** A language of a translation (official TranslationLanguage). */
const TranslationLanguage = z.enum(TRANSLATION_LANGUAGES).openapi("TranslationLanguage");

/** One language code. */
export type TranslationLanguageCode = z.infer<typeof TranslationLanguage>;

/** Path of an organization's translations. */
export const OrgTranslationsParams = OrgParams;

/** Path of one translation. */
export const TranslationParams = OrgParams.extend({ translationId: pathString("translationId") });

/** Path of one glossary entry. */
export const GlossaryEntryParams = OrgParams.extend({
  glossaryEntryId: pathString("glossaryEntryId"),
});

/** Query of the translation list. */
export const ListTranslationsQuery = pagedQuery;

/** Query of the glossary list: the official `orderBy` sorts by that language's term. */
export const ListGlossaryQuery = pagedQuery.extend({ orderBy: TranslationLanguage.optional() });

const Source = z
  .object({ space: entityId, language: TranslationLanguage })
  .strict()
  .openapi("TranslationSource");

/** Body of translation creation. */
export const CreateTranslationBody = z
  .object({
    source: Source,
    language: TranslationLanguage,
    instructions: DocumentSchema.optional(),
  })
  .strict();

/** Body of a translation update. */
export const UpdateTranslationBody = z.object({ instructions: DocumentSchema }).strict();

/** Most glossary entries an organization may hold (the whole glossary is read by every run). */
export const MAX_GLOSSARY_ENTRIES = 1000;

/** Most operations one glossary batch may carry (one D1 batch applies them all). */
const MAX_GLOSSARY_OPERATIONS = 250;

/** A glossary entry's terms by language (official GlossaryTranslations). */
const GlossaryTranslations = propertyCount(
  z.partialRecord(
    TranslationLanguage,
    z
      .string()
      .min(1)
      .max(255)
      .regex(/^[^\n\r]*$/),
  ),
  { min: 1 },
  "at least one language",
).openapi("GlossaryTranslations");

const GlossaryOperation = z.discriminatedUnion("type", [
  z.object({ type: z.literal("insert"), translations: GlossaryTranslations }).strict(),
  z
    .object({ type: z.literal("update"), id: entityId, translations: GlossaryTranslations })
    .strict(),
  z.object({ type: z.literal("delete"), id: entityId }).strict(),
]);

/** Body of the glossary batch update (official updateGlossaryEntries). */
export const UpdateGlossaryBody = z
  .object({ operations: z.array(GlossaryOperation).max(MAX_GLOSSARY_OPERATIONS) })
  .strict();

/** One glossary operation. */
export type GlossaryOperationInput = z.infer<typeof GlossaryOperation>;

/** A translation (official Translation); `error` tells why the last run failed. */
export const TranslationSchema = z
  .object({
    object: z.literal("translation"),
    id: z.string(),
    status: z.enum(["pending", "running", "completed"]),
    source: Source,
    language: TranslationLanguage,
    instructions: JsonDocumentSchema,
    result: z
      .object({ space: z.string(), revision: z.string(), language: TranslationLanguage })
      .optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    stats: z.object({
      runs: z.number().int(),
      totalWords: z.number().int(),
      totalPages: z.number().int(),
      totalDuration: z.number().int(),
      latestRunDuration: z.number().int(),
      latestPages: z.number().int(),
      latestWords: z.number().int(),
    }),
    permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
    urls: z.object({ location: z.string() }),
    error: z
      .object({ message: z.string() })
      .optional()
      .openapi({ description: "Quire: why the latest run failed (status is back to pending)." }),
    progress: z
      .object({
        pagesDone: z.number().int(),
        pagesTotal: z.number().int(),
        percent: z.number().min(0).max(100),
        startedAt: z.string().optional(),
      })
      .optional()
      .openapi({
        description:
          "Quire, while `running` (the single read): pages translated out of the run's pages, and the percentage (as the official `translation-run` channel's `progress`).",
      }),
  })
  .openapi("Translation");

/** A glossary entry (official GlossaryEntry). */
export const GlossaryEntrySchema = z
  .object({
    object: z.literal("glossary-entry"),
    id: z.string(),
    translations: z.record(z.string(), z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("GlossaryEntry");

/** A translation's wire type. */
export type Translation = z.infer<typeof TranslationSchema>;
/** A glossary entry's wire type. */
export type GlossaryEntry = z.infer<typeof GlossaryEntrySchema>;
