import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { countingD1, emptyStats } from "../../src/db/counting";
import { translations } from "../../src/db/schema";
import { createOutbound } from "../../src/outbound";
import { engineOf } from "../../src/services/translations/engines/index";
import { translateBatch } from "../../src/services/translations/run/batch";
import { prepareRun } from "../../src/services/translations/run/prepare";
import { createTranslation } from "../../src/services/translations/translations";
import { makeOrg, testDb, unique } from "../helpers/factories";
import { makeSourceSpace } from "../helpers/translations-factories";

/** The translation's stored row (what a run's messages read after their heartbeat). */
async function row(id: string) {
  const [t] = await testDb().select().from(translations).where(eq(translations.id, id));
  return t!;
}

describe("translation batches: D1 round trips", { timeout: 150_000 }, () => {
  it("reads a batch of 20 linked pages in one round trip and writes it in one", async () => {
    const { org, owner } = await makeOrg();
    const marker = unique("mk").replace(/[^a-z0-9]/gi, "");
    // 25 pages, each linking to the first one: a full batch of 20, then 5.
    await makeSourceSpace(org.id, owner, marker, 25).then(async ({ space }) => {
      const t = await createTranslation(testDb(), {
        organizationId: org.id,
        sourceSpaceId: space.id,
        sourceLanguage: "en",
        language: "fr",
        instructions: null,
        createdBy: owner.user.id,
      });
      await prepareRun(testDb(), await row(t.id));
      const stored = await row(t.id);
      const engine = engineOf(env, createOutbound(env))!;
      const figures = [];
      for (;;) {
        const stats = emptyStats();
        const db = createDb(countingD1(env.DB, stats));
        const outcome = await translateBatch(db, stored, engine);
        figures.push({ ...outcome, ...stats });
        if (!outcome.more) break;
      }
      console.log(JSON.stringify({ translateBatch: figures }));
      expect(figures.map((f) => f.pages)).toEqual([20, 5, 0]);
      // One read and one write per batch, whatever the links; the empty check is one read.
      // (Before: 6 round trips a batch: work list, context, pages, bodies, links, write.)
      expect(figures.map((f) => f.roundTrips)).toEqual([2, 2, 1]);
      // Rows read stay proportional to the batch (page rows, bodies, their links), not the space.
      expect(figures[0]!.rowsRead).toBeLessThan(20 * 25);
    });
  });
});
