import { openValue, sealValue } from "../../lib/sealed";

/**
 * A GitBook-API import's token, sealed at rest while its run is in flight (src/lib/sealed.ts,
 * bound to the run's id), so the database alone never gives a token to another API away. The
 * run clears it when it ends.
 */

/** The sealing purpose of import tokens (the HKDF salt). */
const PURPOSE = "quire import source token";

/** Seals a source's token for the run `runId`. */
export function sealSourceToken(signingSecret: string, runId: string, token: string) {
  return sealValue(signingSecret, PURPOSE, runId, token);
}

/**
 * The run's token in clear for its requests: null when it has none, or when the stored value does
 * not open (another deployment's secret): the source is then asked without a token.
 */
export async function openSourceToken(
  signingSecret: string,
  runId: string,
  stored: string | null,
): Promise<string | null> {
  return stored === null ? null : openValue(signingSecret, PURPOSE, runId, stored);
}
