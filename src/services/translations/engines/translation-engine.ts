/**
 * A machine-translation engine: translates texts in order, HTML placeholders kept. Declared
 * apart from the registry so the engines implement it without importing the registry.
 */
export interface TranslationEngine {
  name: "workers-ai" | "libretranslate";
  /** Most texts and characters one call may carry (the caller batches within them). */
  limits: { texts: number; chars: number };
  translate(texts: string[], from: string, to: string): Promise<string[]>;
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
