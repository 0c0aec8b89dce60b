// Clustering quality of the built-in insights engine on the labelled corpora (issue 33): the
// test corpora's generators and evaluator (test/insights, TypeScript) bundled by esbuild and run
// in this process, through the same pure core the processing job uses. Reports clusters per
// problem, purity and ARI per corpus, the held-out corpus last, against the targets.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT } from "./config.mjs";

/** Bundles test/insights/quality-report.ts and returns its rows. */
async function loadRows() {
  const out = await build({
    entryPoints: [join(ROOT, "test/insights/quality-report.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const dir = await mkdtemp(join(tmpdir(), "quire-quality-"));
  try {
    const file = join(dir, "quality-report.mjs");
    await writeFile(file, out.outputFiles[0].text);
    const { qualityReport } = await import(pathToFileURL(file).href);
    return qualityReport();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Prints one line per corpus (clusters, clusters per problem, the most clusters one problem
 * spans, purity, ARI, noise in problem clusters) and PASS/FAIL against the targets; returns
 * whether both held-out corpora of issue 33 met them.
 */
export async function reportQuality(verdict) {
  const rows = await loadRows();
  console.log("\nClustering quality (built-in engine, labelled corpora; held out last)");
  let heldOutPass = true;
  for (const { role, figures: f } of rows) {
    const perProblem = f.clusters / f.problems;
    const widest = Math.max(...Object.values(f.clustersByProblem));
    const pass =
      perProblem <= 2 && f.purity >= 0.9 && f.ari >= 0.7 && f.noiseInProblemClusters === 0;
    if (role.includes("held out") && role !== "earlier held out") heldOutPass &&= pass;
    console.log(
      `  ${verdict(
        pass,
        `${`${f.corpus} (${role})`.padEnd(33)} ${f.problems} problems → ${String(f.clusters).padStart(2)} clusters ` +
          `(${perProblem.toFixed(1)} per problem, widest ${widest}); purity ${f.purity.toFixed(3)}, ` +
          `ARI ${f.ari.toFixed(3)}, noise in problem clusters ${f.noiseInProblemClusters} ` +
          `(targets ≤ 2 per problem, ≥ 0.9, ≥ 0.7, 0)`,
      )}`,
    );
  }
  return heldOutPass;
}
