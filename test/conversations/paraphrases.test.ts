import { describe, expect, it } from "vitest";
import { calendarDeskCorpus } from "../insights/heldout/calendar-desk";
import { evaluateCorpus, formatFigures, TARGETS } from "../insights/evaluate";
import { shopDeskCorpus } from "../insights/paraphrase/shop-desk";

/**
 * Issue 33: paraphrases of one problem (other words, four languages, short and long, typos,
 * chatter) must land in one or two clusters. Two generator families: the tuning corpus
 * (shop-desk, slot grammar) the engine was tuned on, and the held-out corpus (calendar-desk,
 * stories) written before tuning and measured, not examined. Quality floors only, no timing.
 */
describe("built-in insights engine: paraphrases of one problem meet", () => {
  const tuning = evaluateCorpus(shopDeskCorpus());
  const heldOut = evaluateCorpus(calendarDeskCorpus());

  it("prints both corpora's figures (the held-out corpus last)", () => {
    console.log(formatFigures(tuning));
    console.log(`[held out] ${formatFigures(heldOut)}`);
    expect(heldOut.conversations).toBe(340);
  });

  it("meets every target on the tuning corpus (≤ 2 clusters per problem)", () => {
    expect(tuning.problems).toBe(10);
    expect(tuning.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * tuning.problems);
    expect(tuning.purity).toBeGreaterThanOrEqual(TARGETS.purity);
    expect(tuning.ari).toBeGreaterThanOrEqual(TARGETS.ari);
    expect(tuning.noiseInProblemClusters).toBe(0);
    expect(tuning.failures).toEqual([]);
  });

  it("keeps purity and ARI above their floors on the held-out corpus, noise out", () => {
    // Before issue 33: 56 clusters, purity 0.893, ARI 0.332.
    expect(heldOut.purity).toBeGreaterThanOrEqual(TARGETS.purity);
    expect(heldOut.ari).toBeGreaterThanOrEqual(TARGETS.ari);
    expect(heldOut.noiseWithoutIssue).toBeGreaterThanOrEqual(TARGETS.quietNoise);
    expect(heldOut.noiseInProblemClusters).toBe(0);
    expect(heldOut.clusters).toBeLessThanOrEqual(3.5 * heldOut.problems);
  });

  // Known gap (docs/insights.md): 24 clusters for 10 problems on the held-out corpus. This
  // expectation fails today; when the engine reaches the target, vitest reports this test as
  // failing, and `it.fails` becomes `it`.
  it.fails("holds ≤ 2 clusters per problem on the held-out corpus (not reached yet)", () => {
    expect(heldOut.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * heldOut.problems);
  });
});
