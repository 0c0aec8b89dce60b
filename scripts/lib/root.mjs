// The repository root, for the scripts: every wrangler command runs there, next to wrangler.toml.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is scripts/lib/root.mjs). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
