import type { Outbound } from "../../../outbound";
import { PermanentJobError } from "../../../jobs/define";
import type { TranslationEngine } from "./translation-engine";

/** LibreTranslate's codes where they differ from the official TranslationLanguage codes. */
const CODES: Record<string, string> = { "pt-br": "pb", "zh-tw": "zt", yue: "zh", no: "nb" };

/**
 * Any LibreTranslate-compatible endpoint (`POST {TRANSLATE_URL}/translate` with `q` as an
 * array, `format: "html"` so the placeholders survive), through Quire's outbound fetcher. A 4xx
 * other than 429 is permanent (bad key, unsupported language); anything else is retried.
 */
export function libreTranslateEngine(
  outbound: Outbound,
  baseUrl: string,
  apiKey: string | undefined,
): TranslationEngine {
  const url = `${baseUrl.replace(/\/+$/, "")}/translate`;
  return {
    name: "libretranslate",
    limits: { texts: 100, chars: 30_000 },
    async translate(texts, from, to) {
      const body = JSON.stringify({
        q: texts,
        source: CODES[from] ?? from,
        target: CODES[to] ?? to,
        format: "html",
        ...(apiKey ? { api_key: apiKey } : {}),
      });
      const res = await outbound.request(
        url,
        { method: "POST", headers: { "content-type": "application/json" }, body },
        { timeoutMs: 60_000 },
      );
      if (res.status !== 200) {
        const message = `LibreTranslate answered ${res.status}: ${errorOf(res.text())}`;
        if (res.status >= 400 && res.status < 500 && res.status !== 429)
          throw new PermanentJobError(message);
        throw new Error(message);
      }
      const parsed = safeJson(res.text());
      const translated = isRecord(parsed) ? parsed.translatedText : undefined;
      if (!Array.isArray(translated) || !translated.every((t) => typeof t === "string")) {
        throw new Error("LibreTranslate answered without a translatedText array");
      }
      return translated as string[];
    },
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorOf(text: string): string {
  const parsed = safeJson(text);
  if (isRecord(parsed) && typeof parsed.error === "string") return parsed.error.slice(0, 300);
  return text.slice(0, 300);
}
