import type { TranslationEngine } from "./translation-engine";

/** The Workers AI translation model. */
export const WORKERS_AI_MODEL = "@cf/meta/m2m100-1.2b";

/** m2m100's codes where they differ from the official TranslationLanguage codes. */
const CODES: Record<string, string> = { "pt-br": "pt", "zh-tw": "zh", yue: "zh" };

/** Model calls in flight at once within one batch. */
const CONCURRENCY = 8;

/** What the engine needs of the `Ai` binding (tests pass an object with the same method). */
export interface AiRunner {
  run(
    model: typeof WORKERS_AI_MODEL,
    input: { text: string; source_lang: string; target_lang: string },
  ): Promise<unknown>;
}

/**
 * Workers AI (`env.AI`) with m2m100: the model's synchronous input is one text, so a batch is
 * sent as concurrent calls (the `requests` form is asynchronous and answers a request id only).
 */
export function workersAiEngine(ai: AiRunner): TranslationEngine {
  return {
    name: "workers-ai",
    limits: { texts: 32, chars: 20_000 },
    async translate(texts, from, to) {
      const out: string[] = new Array<string>(texts.length);
      for (let i = 0; i < texts.length; i += CONCURRENCY) {
        const slice = texts.slice(i, i + CONCURRENCY);
        const answers = await Promise.all(
          slice.map((text) =>
            ai.run(WORKERS_AI_MODEL, {
              text,
              source_lang: CODES[from] ?? from,
              target_lang: CODES[to] ?? to,
            }),
          ),
        );
        answers.forEach((answer, j) => {
          const translated =
            typeof answer === "object" && answer !== null && "translated_text" in answer
              ? answer.translated_text
              : undefined;
          if (typeof translated !== "string")
            throw new Error("Workers AI answered without translated_text");
          out[i + j] = translated;
        });
      }
      return out;
    },
  };
}
