import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translations } from "../../src/db/schema";
import { as } from "../helpers/api";
import { commitChanges, mainPagesByTitle, reloadSpace } from "../helpers/content-factories";
import { makeOrg, testDb, unique } from "../helpers/factories";
import {
  engineLog,
  makeSourceSpace,
  makeTranslation,
  runAndWait,
  waitForRun,
} from "../helpers/translations-factories";

const markerOf = () => unique("mk").replace(/[^a-z0-9]/gi, "");

describe(
  "translation runs: incremental, glossary, failures, concurrency",
  { timeout: 150_000 },
  () => {
    it("re-translates only the changed page and removes pages removed from the source", async () => {
      const { org, owner } = await makeOrg();
      const marker = markerOf();
      const { space, pages } = await makeSourceSpace(org.id, owner, marker, 12);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const first = await runAndWait(owner.token, org.id, t.id);
      expect(first.stats.totalPages).toBe(12);
      const sentBefore = (await engineLog(marker)).texts.length;

      const changed = pages.get(`Page 5 ${marker}`)!;
      const removed = pages.get(`Page 11 ${marker}`)!;
      await commitChanges(space.id, owner.user.id, [
        {
          operation: "update_page",
          page: changed.pageId,
          document: { markdown: `Changed ${marker} text.\n` },
        },
        { operation: "delete_page", page: removed.pageId },
      ]);
      const second = await runAndWait(owner.token, org.id, t.id);
      expect(second.status).toBe("completed");
      expect(second.stats).toMatchObject({ runs: 2, latestPages: 1, totalPages: 11 });
      expect(second.stats.latestWords).toBe(3 + 3); // the title (3 words) and "Changed <marker> text"
      expect(second.stats.totalWords).toBe(first.stats.totalWords + second.stats.latestWords);
      expect(second.result.revision).not.toBe(first.result.revision);

      const sent = (await engineLog(marker)).texts.slice(sentBefore);
      expect(sent).toEqual([`Page 5 ${marker}`, `Changed ${marker} text.`]);

      const result = await mainPagesByTitle(second.result.space);
      expect(result.size).toBe(11);
      expect(result.has(`Page-fr 11-fr ${marker}-fr`)).toBe(false);
      expect(result.has(`Page-fr 5-fr ${marker}-fr`)).toBe(true);

      // Nothing changed: nothing is sent, the stats say so.
      const third = await runAndWait(owner.token, org.id, t.id);
      expect(third.stats).toMatchObject({
        runs: 3,
        latestPages: 0,
        latestWords: 0,
        totalPages: 11,
      });
      expect((await engineLog(marker)).texts.length).toBe(sentBefore + 2);
    });

    it("forces glossary terms and never sends do-not-translate terms", async () => {
      const { org, owner } = await makeOrg();
      const marker = markerOf();
      const space = (await makeSourceSpace(org.id, owner, marker, 1)).space;
      await commitChanges(space.id, owner.user.id, [
        {
          operation: "insert_page",
          title: `Glossary ${marker}`,
          document: { markdown: `Open the Handbook of Quire today ${marker}.\n` },
        },
      ]);
      const glossary = await as(owner.token).put(`/orgs/${org.id}/translations-glossary`, {
        operations: [
          { type: "insert", translations: { en: "Handbook", fr: "Manuel" } },
          { type: "insert", translations: { en: "Quire", de: "Quire" } },
        ],
      });
      expect(glossary.status).toBe(204);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const done = await runAndWait(owner.token, org.id, t.id);
      expect(done.status).toBe("completed");
      const texts = (await engineLog(marker)).texts.join("\n");
      expect(texts).not.toContain("Handbook");
      expect(texts).not.toContain("Quire");
      const page = (await mainPagesByTitle(done.result.space)).get(`Glossary-fr ${marker}-fr`)!;
      const md = await as(owner.token).get(
        `/spaces/${done.result.space}/content/page/${page.pageId}`,
        {
          query: { format: "markdown" },
        },
      );
      expect(md.body.markdown).toContain(
        `Open-fr the-fr Manuel of-fr Quire today-fr ${marker}-fr.`,
      );
    });

    it("fails half-way without touching the result space, and the next run completes", async () => {
      const { org, owner } = await makeOrg();
      const marker = markerOf();
      const token = unique("t").replace(/[^a-z0-9]/gi, "");
      const { space, pages } = await makeSourceSpace(org.id, owner, marker, 30);
      // The last page in tree order (the second batch) makes the engine fail three times.
      await commitChanges(space.id, owner.user.id, [
        {
          operation: "update_page",
          page: pages.get(`Page 29 ${marker}`)!.pageId,
          document: { markdown: `Broken FAIL3x${token} ${marker}.\n` },
        },
      ]);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const failed = await runAndWait(owner.token, org.id, t.id);
      expect(failed.status).toBe("pending");
      expect(failed.error.message).toContain("500");
      expect(failed.result).toBeUndefined();
      expect(failed.stats.runs).toBe(0);
      // The result space was created by the run's first step and is still empty.
      const [stored] = await testDb().select().from(translations).where(eq(translations.id, t.id));
      const untouched = await reloadSpace(stored!.resultSpaceId!);
      expect(untouched.mainSeq).toBe(1);
      expect((await mainPagesByTitle(untouched.id)).size).toBe(0);
      const sentBefore = (await engineLog(marker)).texts.length;

      const done = await runAndWait(owner.token, org.id, t.id);
      expect(done.status).toBe("completed");
      expect(done.error).toBeUndefined();
      expect(done.stats).toMatchObject({ runs: 1, totalPages: 30, latestPages: 30 });
      // Only the failed batch (10 pages) went to the engine again.
      const titles = (await engineLog(marker)).texts
        .slice(sentBefore)
        .filter((s) => s.startsWith("Page "));
      expect(titles).toHaveLength(10);
      const result = await reloadSpace(done.result.space);
      expect(result.mainSeq).toBe(2); // created empty, then exactly one translated revision
      expect((await mainPagesByTitle(result.id)).size).toBe(30);
    });

    it("runs once when two runs are requested at the same time", async () => {
      const { org, owner } = await makeOrg();
      const marker = markerOf();
      const { space } = await makeSourceSpace(org.id, owner, marker, 3);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const path = `/orgs/${org.id}/translations/${t.id}/run`;
      const answers = await Promise.all([as(owner.token).post(path), as(owner.token).post(path)]);
      expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
      const conflict = answers.find((a) => a.status === 409)!;
      expect(conflict.body.error.message).toContain("already running");
      const done = await waitForRun(owner.token, org.id, t.id);
      expect(done.error, JSON.stringify(done.error)).toBeUndefined();
      expect(done.stats.runs).toBe(1);
      expect((await engineLog(marker)).texts.filter((s) => s.startsWith("Page "))).toHaveLength(3);
    });
  },
);
