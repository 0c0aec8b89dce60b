import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translations, translationStaged } from "../../src/db/schema";
import { as } from "../helpers/api";
import { makeOrg, testDb, unique } from "../helpers/factories";
import { makeSourceSpace, makeTranslation, waitForRun } from "../helpers/translations-factories";

/** Progress as the read shows it while running. */
interface Progress {
  pagesDone: number;
  pagesTotal: number;
  percent: number;
  startedAt?: string;
}

describe("a running translation's progress", { timeout: 150_000 }, () => {
  it("reports pages done out of the run's pages, and nothing once it is not running", async () => {
    const { org, owner } = await makeOrg();
    const { space } = await makeSourceSpace(org.id, owner, unique("pg"), 1);
    const t = await makeTranslation(owner.token, org.id, space.id);
    const path = `/orgs/${org.id}/translations/${t.id}`;
    // A run between two batches: 10 pages on its work list, 4 of them translated.
    const startedAt = new Date().toISOString();
    await testDb()
      .update(translations)
      .set({ state: "running", runId: "run-1", runStartedAt: startedAt, heartbeatAt: startedAt })
      .where(eq(translations.id, t.id));
    await testDb()
      .insert(translationStaged)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          translationId: t.id,
          sourcePageId: `page-${i}`,
          sourceHash: `hash-${i}`,
          done: i < 4,
          ord: i,
        })),
      );
    const running = await as(owner.token).get(path);
    expect(running.status).toBe(200);
    expect(running.body.status).toBe("running");
    expect(running.body.progress).toEqual({ pagesDone: 4, pagesTotal: 10, percent: 40, startedAt });

    // Not running (here: failed, its work kept for the next run): no progress is shown.
    await testDb()
      .update(translations)
      .set({ state: "failed", error: "engine down", runId: null })
      .where(eq(translations.id, t.id));
    const failed = await as(owner.token).get(path);
    expect(failed.body.status).toBe("pending");
    expect(failed.body.progress).toBeUndefined();
  });

  it("counts up through a real run's batches and disappears when it completes", async () => {
    const { org, owner } = await makeOrg();
    const { space } = await makeSourceSpace(org.id, owner, unique("pg"), 50);
    const t = await makeTranslation(owner.token, org.id, space.id);
    const path = `/orgs/${org.id}/translations/${t.id}`;
    expect((await as(owner.token).post(`${path}/run`)).status).toBe(204);
    const seen: Progress[] = [];
    for (let i = 0; i < 400; i++) {
      const res = await as(owner.token).get(path);
      if (res.body.status === "completed" || res.body.error) break;
      if (res.body.status === "running") {
        // Every running answer carries its counts (the work list may still be being prepared).
        expect(res.body.progress).toBeDefined();
        seen.push(res.body.progress as Progress);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const p of seen) {
      expect(p.pagesDone).toBeLessThanOrEqual(p.pagesTotal);
      expect(p.pagesTotal === 0 || p.pagesTotal === 50).toBe(true);
    }
    const done = seen.map((p) => p.pagesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    const finished = await waitForRun(owner.token, org.id, t.id);
    expect(finished.status).toBe("completed");
    expect(finished.progress).toBeUndefined();
  });
});
