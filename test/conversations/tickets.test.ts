import { describe, expect, it } from "vitest";
import { evaluateCorpus, formatFigures, TARGETS } from "../insights/evaluate";
import { courseDeskCorpus } from "../insights/heldout-tickets/course-desk";
import { foodDeskCorpus } from "../insights/training-tickets/food-desk";

/**
 * Issue 33, generator family D (tickets: short notes to long stories, four languages, four typo
 * kinds, noise): the tuning corpus food-desk and the held-out corpus course-desk, written before
 * tuning with its own seed and wording and never examined item by item. Counts only, no timing.
 * Measured before the changes of this step: food-desk 40 clusters / purity 0.850 / ARI 0.388,
 * course-desk 40 / 0.912 / 0.572.
 */
describe("built-in insights engine: ticket paraphrases (family D)", () => {
  const tuning = evaluateCorpus(foodDeskCorpus());
  const heldOut = evaluateCorpus(courseDeskCorpus());

  it("prints both corpora's figures (the held-out corpus last)", () => {
    console.log(formatFigures(tuning));
    console.log(`[held out] ${formatFigures(heldOut)}`);
    expect(heldOut.conversations).toBe(365);
    expect(heldOut.problems).toBe(10);
  });

  it("holds the held-out figures reached: purity, noise out, no more clusters than measured", () => {
    expect(heldOut.purity).toBeGreaterThanOrEqual(TARGETS.purity);
    expect(heldOut.noiseWithoutIssue).toBeGreaterThanOrEqual(TARGETS.quietNoise);
    expect(heldOut.noiseInProblemClusters).toBe(0);
    expect(heldOut.clusters).toBeLessThanOrEqual(38);
    expect(heldOut.ari).toBeGreaterThanOrEqual(0.57);
  });

  it("holds the tuning figures reached (no more clusters, purity and ARI not lower)", () => {
    expect(tuning.clusters).toBeLessThanOrEqual(31);
    expect(tuning.purity).toBeGreaterThanOrEqual(0.85);
    expect(tuning.ari).toBeGreaterThanOrEqual(0.57);
    expect(tuning.noiseInProblemClusters).toBe(0);
  });

  // Known gap (docs/insights.md): 38 clusters for 10 problems on course-desk. When the engine
  // reaches ≤ 2 per problem, vitest reports this test as failing and `it.fails` becomes `it`.
  it.fails("holds ≤ 2 clusters per problem on the held-out corpus (not reached yet)", () => {
    expect(heldOut.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * heldOut.problems);
  });
});
