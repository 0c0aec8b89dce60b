// The engine registry: which machine-translation engine a deployment has, if any.
import type { Bindings } from "../../../env";
import type { Outbound } from "../../../outbound";
import { libreTranslateEngine } from "./libretranslate";
import type { TranslationEngine } from "./translation-engine";
import { workersAiEngine } from "./workers-ai";

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
