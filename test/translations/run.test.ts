import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { mainPagesByTitle, reloadSpace } from "../helpers/content-factories";
import { makeOrg, unique } from "../helpers/factories";
import {
  engineLog,
  makeSourceSpace,
  makeTranslation,
  runAndWait,
} from "../helpers/translations-factories";

describe(
  "POST /v1/orgs/{organizationId}/translations/{translationId}/run",
  { timeout: 150_000 },
  () => {
    it("translates a 50-page space into a new result space, structure kept", async () => {
      const { org, owner } = await makeOrg();
      const marker = unique("mk").replace(/[^a-z0-9]/gi, "");
      const { space, pages } = await makeSourceSpace(org.id, owner, marker, 50);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const done = await runAndWait(owner.token, org.id, t.id);
      expect(done.error).toBeUndefined();
      expect(done.status).toBe("completed");
      expect(done.result.language).toBe("fr");
      expect(done.stats).toMatchObject({ runs: 1, totalPages: 50, latestPages: 50 });
      expect(done.stats.latestWords).toBeGreaterThan(50 * 20);
      expect(done.stats.totalWords).toBe(done.stats.latestWords);

      const log = await engineLog(marker);
      // Batched: up to 100 runs per call within each batch of 20 pages (~18 runs a page).
      expect(log.sent.length).toBeGreaterThanOrEqual(50 * 14);
      expect(log.calls).toBeLessThanOrEqual(Math.ceil(log.sent.length / 100) + 3);
      expect(log.sent.join("\n")).not.toContain("const untouched");
      expect(log.sent.join("\n")).not.toContain("inline code");
      expect(log.sent.join("\n")).not.toContain("https://docs.example.com");

      const result = await reloadSpace(done.result.space);
      expect(result.language).toBe("fr");
      expect(result.revisionId).toBe(done.result.revision);
      const translated = await mainPagesByTitle(result.id);
      expect(translated.size).toBe(50);
      const first = translated.get(`Page-fr 0-fr ${marker}-fr`)!;
      expect(first).toBeDefined();
      expect(first.description).toBe("The-fr first-fr page-fr");
      const sourceFirst = pages.get(`Page 0 ${marker}`)!;
      expect(first.slug).toBe(sourceFirst.slug);
      const hidden = [...translated.values()].filter((p) => p.hidden);
      expect(hidden).toHaveLength(1);
      const child = translated.get(`Page-fr 1-fr ${marker}-fr`)!;
      expect(child.parentId).toBe(first.pageId);

      const md = await as(owner.token).get(`/spaces/${result.id}/content/page/${child.pageId}`, {
        query: { format: "markdown" },
      });
      expect(md.status).toBe(200);
      const text: string = md.body.markdown;
      expect(text).toContain("**bold-fr words-fr**");
      expect(text).toContain("`inline code`");
      expect(text).toContain('const untouched = "code 1";');
      expect(text).toContain("[link-fr](https://docs.example.com/x?y=1)");
      expect(text).toContain("{{ vars.product }}");
      expect(text).toContain("cell-fr one-fr");
      expect(text).toContain("Hint-fr text-fr here-fr");
      expect(text).toContain(`/pages/${first.pageId}`);
    });
  },
);
