// Build steps of the test run (vitest.config.ts) that are skipped when their inputs did not
// change: the inputs' contents are hashed, and the hash of the last build is kept under
// node_modules/.cache (a clean install starts without it, so CI always builds).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Every file under `path` (or `path` itself), sorted, so the hash does not depend on order. */
function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .map((entry) => join(path, entry))
    .filter((file) => statSync(file).isFile())
    .sort();
}

/** The hash of the inputs' paths (relative to the project) and contents. */
function inputsHash(inputs) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of filesOf(resolve(root, input))) {
      hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex");
}

/**
 * Runs `build` unless the last run with the same inputs (files and folders of the project, read
 * whole) left all its outputs in place. Returns whether it ran.
 *
 * @param {{ name: string, inputs: string[], outputs: string[], build: () => Promise<unknown> }} step
 */
export async function runCachedBuild({ name, inputs, outputs, build }) {
  const cacheFile = resolve(root, "node_modules/.cache/quire-tests", `${name}.sha256`);
  const hash = inputsHash(inputs);
  const fresh =
    existsSync(cacheFile) &&
    readFileSync(cacheFile, "utf8") === hash &&
    outputs.every((output) => existsSync(resolve(root, output)));
  if (fresh) return false;
  await build();
  // The inputs as the build read them: an edit made while it ran makes the next run build again.
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, hash);
  return true;
}
