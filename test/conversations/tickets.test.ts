import { describe, expect, it } from "vitest";
import { evaluateCorpus, formatFigures, TARGETS } from "../insights/evaluate";
import { parkingDeskCorpus } from "../insights/heldout-chat/parking-desk";
import { courseDeskCorpus } from "../insights/heldout-tickets/course-desk";
import { foodDeskCorpus } from "../insights/training-tickets/food-desk";

/**
 * Issue 33, generator family D (tickets: short notes to long stories, four languages, four typo
 * kinds, noise): the tuning corpus food-desk and the held-out corpus course-desk, written before
 * tuning with its own seed and wording and never examined item by item. Counts only, no timing.
 * Measured before the ticket step: food-desk 40 clusters / purity 0.850 / ARI 0.388, course-desk
 * 40 / 0.912 / 0.572; after it 31 / 0.857 / 0.571 and 38 / 0.916 / 0.577; with the learned term
 * associations 27 / 0.863 / 0.600 and 36 / 0.931 / 0.640.
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
    expect(heldOut.clusters).toBeLessThanOrEqual(36);
    expect(heldOut.ari).toBeGreaterThanOrEqual(0.63);
  });

  it("holds the tuning figures reached (no more clusters, purity and ARI not lower)", () => {
    expect(tuning.clusters).toBeLessThanOrEqual(27);
    expect(tuning.purity).toBeGreaterThanOrEqual(0.86);
    expect(tuning.ari).toBeGreaterThanOrEqual(0.59);
    expect(tuning.noiseInProblemClusters).toBe(0);
  });

  // Known gap (docs/insights.md): 36 clusters for 10 problems on course-desk. When the engine
  // reaches ≤ 2 per problem, vitest reports this test as failing and `it.fails` becomes `it`.
  it.fails("holds ≤ 2 clusters per problem on the held-out corpus (not reached yet)", () => {
    expect(heldOut.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * heldOut.problems);
  });
});

/**
 * Issue 33, generator family E (live chats, five languages with Italian, which no word list of
 * the engine knows; six ways to tell a symptom, emoji, shouting): parking-desk, written and
 * committed before any of its figures was read, measured twice (the engine before and after the
 * term associations: 47 / 0.783 / 0.353 and 47 / 0.767 / 0.352). Floors of what holds.
 */
describe("built-in insights engine: live-chat paraphrases (family E, held out)", () => {
  const heldOut = evaluateCorpus(parkingDeskCorpus());

  it("prints its figures and holds its floors", () => {
    console.log(`[held out] ${formatFigures(heldOut)}`);
    expect(heldOut.conversations).toBe(340);
    expect(heldOut.clusters).toBeLessThanOrEqual(47);
    expect(heldOut.purity).toBeGreaterThanOrEqual(0.76);
    expect(heldOut.ari).toBeGreaterThanOrEqual(0.35);
    expect(heldOut.problemsWithoutIssue).toBeLessThanOrEqual(1);
  });

  // Known gap (docs/insights.md): 4.7 clusters per problem, purity below 0.9.
  it.fails("holds ≤ 2 clusters per problem with purity ≥ 0.9 (not reached yet)", () => {
    expect(heldOut.clusters).toBeLessThanOrEqual(TARGETS.clustersPerProblem * heldOut.problems);
    expect(heldOut.purity).toBeGreaterThanOrEqual(TARGETS.purity);
  });
});
