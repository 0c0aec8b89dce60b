// The demo data `npm run dev` guarantees in the local database, and the local file that keeps the
// demo token's secret (the database keeps only its digest). Node only.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { demoTokenFile, shownPath } from "./dev-env.mjs";
import { isWellFormedToken, mintToken, sha256Hex } from "./identity.mjs";
import { seedDemoPlan } from "./statements.mjs";
import { d1Execute } from "./wrangler.mjs";

/** What the seed creates; fixed so every run finds what the previous one made. */
export const DEMO = {
  email: "demo@quire.local",
  displayName: "Demo Owner",
  orgTitle: "Demo Organization",
  tokenLabel: "Demo token (npm run dev)",
};

/** The file path of the demo token (beside the local state, gitignored) as printed. */
export function demoTokenFileLabel() {
  return shownPath(demoTokenFile());
}

/** The saved demo token's secret, or null when there is none (or it is not a token). */
export function readSavedSecret() {
  try {
    const text = readFileSync(demoTokenFile(), "utf8").trim();
    return isWellFormedToken(text) ? text : null;
  } catch {
    return null;
  }
}

function saveSecret(secret) {
  const file = demoTokenFile();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Makes sure the demo user, organization and a valid token exist in the local database, in one
 * D1 batch. Reuses the saved token while the database still accepts it; otherwise the freshly
 * minted one is inserted and saved. Running it again changes nothing.
 */
export async function seedDemo(target = "local") {
  const saved = readSavedSecret();
  const minted = await mintToken();
  const plan = seedDemoPlan({
    ...DEMO,
    savedDigest: saved ? await sha256Hex(saved) : null,
    minted,
  });
  const outcome = plan.read(await d1Execute(target, plan.statements));
  if (!outcome.user || !outcome.organization) {
    throw new Error("the demo seed ran but its rows are missing; is the schema up to date?");
  }
  let secret = saved;
  if (outcome.tokenIssued) {
    secret = minted.secret;
    saveSecret(secret);
  }
  return { ...outcome, secret };
}
