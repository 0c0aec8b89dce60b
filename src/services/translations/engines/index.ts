import type { Bindings } from "../../../env";
import type { Outbound } from "../../../outbound";
import { libreTranslateEngine } from "./libretranslate";
import { workersAiEngine } from "./workers-ai";

/** A machine-translation engine: translates texts in order, HTML placeholders kept. */
export interface TranslationEngine {
  name: "workers-ai" | "libretranslate";
  /** Most texts and characters one call may carry (the caller batches within them). */
  limits: { texts: number; chars: number };
  translate(texts: string[], from: string, to: string): Promise<string[]>;
}

/** The answer of `POST …/run` on a deployment without an engine. */
export const NO_ENGINE_MESSAGE =
  'No translation engine is configured: add a Workers AI binding ([ai] binding = "AI" in ' +
  "wrangler.toml) or set TRANSLATE_URL (and TRANSLATE_API_KEY if needed) to a " +
  "LibreTranslate-compatible endpoint";

/** True when the deployment has an engine (Workers AI first, then LibreTranslate). */
export function hasEngine(env: Pick<Bindings, "AI" | "TRANSLATE_URL">): boolean {
  return Boolean(env.AI) || Boolean(env.TRANSLATE_URL);
}

/** The deployment's engine: Workers AI when bound, else the LibreTranslate endpoint, else null. */
export function engineOf(env: Bindings, outbound: Outbound): TranslationEngine | null {
  if (env.AI) return workersAiEngine(env.AI);
  if (env.TRANSLATE_URL)
    return libreTranslateEngine(outbound, env.TRANSLATE_URL, env.TRANSLATE_API_KEY);
  return null;
}

/**
 * Translates every text with as few engine calls as the engine's limits allow (never one call
 * per run); returns the translations in order and the number of calls made.
 */
export async function translateAll(
  engine: TranslationEngine,
  texts: string[],
  from: string,
  to: string,
): Promise<{ translated: string[]; calls: number }> {
  const out: string[] = [];
  let calls = 0;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const answer = await engine.translate(batch, from, to);
    calls++;
    if (answer.length !== batch.length) {
      throw new Error(`${engine.name} answered ${answer.length} texts for ${batch.length}`);
    }
    out.push(...answer);
    batch = [];
    chars = 0;
  };
  for (const text of texts) {
    if (
      batch.length >= engine.limits.texts ||
      (batch.length > 0 && chars + text.length > engine.limits.chars)
    ) {
      await flush();
    }
    batch.push(text);
    chars += text.length;
  }
  await flush();
  return { translated: out, calls };
}
