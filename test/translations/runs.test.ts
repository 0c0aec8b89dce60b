import { describe, expect, it, beforeAll } from "vitest";
import { translateAll } from "../../src/services/translations/engines/translation-engine";
import {
  WORKERS_AI_MODEL,
  workersAiEngine,
  type AiRunner,
} from "../../src/services/translations/engines/workers-ai";
import { segmentDocument, termMatcher } from "../../src/translate/index";
import { eq } from "drizzle-orm";
import { translations, translationStaged } from "../../src/db/schema";
import { as } from "../helpers/api";
import { makeOrg, testDb, unique } from "../helpers/factories";
import {
  makeSourceSpace,
  makeTranslation,
  waitForRun,
  engineLog,
  runAndWait,
} from "../helpers/translations-factories";
import { mainPagesByTitle, reloadSpace } from "../helpers/content-factories";
import { searchSpaces } from "../../src/services/search/indexer";
import { publishAndInstall } from "../helpers/integrations-factories";
import { eventually } from "../helpers/jobs";
import { emptyStorage } from "../helpers/storage";

describe("engines", () => {
  /** A test double of the `Ai` binding: same `run(model, input)` interface, records the calls. */
  function fakeAi(answer: (text: string, to: string) => string | undefined) {
    const calls: { model: string; text: string; source: string; target: string }[] = [];
    const ai: AiRunner = {
      async run(model, input) {
        calls.push({
          model,
          text: input.text,
          source: input.source_lang,
          target: input.target_lang,
        });
        const out = answer(input.text, input.target_lang);
        return out === undefined ? {} : { translated_text: out };
      },
    };
    return { ai, calls };
  }

  describe("Workers AI engine (m2m100), against a test binding", () => {
    it("sends each text to the model with the language codes and keeps the order", async () => {
      const { ai, calls } = fakeAi((text, to) => `${to}:${text}`);
      const engine = workersAiEngine(ai);
      const texts = Array.from({ length: 40 }, (_, i) => `text ${i}`);
      const { translated, calls: batches } = await translateAll(engine, texts, "en", "pt-br");
      expect(translated).toEqual(texts.map((t) => `pt:${t}`));
      expect(batches).toBe(2); // 32 texts per batch
      expect(calls).toHaveLength(40);
      expect(calls[0]).toEqual({
        model: WORKERS_AI_MODEL,
        text: "text 0",
        source: "en",
        target: "pt",
      });
    });

    it("fails the batch when the model answers without a translation", async () => {
      const { ai } = fakeAi(() => undefined);
      await expect(translateAll(workersAiEngine(ai), ["a"], "en", "fr")).rejects.toThrow(
        "translated_text",
      );
    });
  });

  describe("segmentation and reassembly", () => {
    const doc = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          key: "p",
          data: {},
          nodes: [
            {
              object: "text",
              leaves: [
                { object: "leaf", text: "Read ", marks: [] },
                { object: "leaf", text: "this", marks: [{ object: "mark", type: "bold" }] },
                { object: "leaf", text: "x()", marks: [{ object: "mark", type: "code" }] },
              ],
            },
            {
              object: "inline",
              type: "link",
              key: "l",
              isVoid: false,
              data: { ref: { kind: "url", url: "https://a.example" } },
              nodes: [{ object: "text", leaves: [{ object: "leaf", text: "here", marks: [] }] }],
            },
          ],
        },
        {
          object: "block",
          type: "code",
          key: "c",
          data: {},
          nodes: [
            {
              object: "block",
              type: "code-line",
              key: "cl",
              data: {},
              nodes: [
                { object: "text", leaves: [{ object: "leaf", text: "secret()", marks: [] }] },
              ],
            },
          ],
        },
      ],
    };

    it("sends one tagged run per block, never code, and rebuilds marks and links", () => {
      const { document, segments } = segmentDocument(doc, termMatcher([]));
      expect(segments.map((s) => s.text)).toEqual(["Read <g1>this</g1><x2/><g3>here</g3>"]);
      expect(segments[0]!.apply("Lis <g1>ceci</g1> <x2/> <g3>ici</g3>")).toBe(true);
      const out = JSON.stringify(document);
      expect(out).toContain('"text":"ceci","marks":[{"object":"mark","type":"bold"}]');
      expect(out).toContain('"text":"x()","marks":[{"object":"mark","type":"code"}]');
      expect(out).toContain('"url":"https://a.example"');
      expect(out).toContain('"text":"ici"');
      expect(out).toContain("secret()");
      // An HTML serializer's `<x2></x2>` for the atom is read the same.
      const again = segmentDocument(doc, termMatcher([]));
      expect(again.segments[0]!.apply("Lis <g1>ceci</g1><x2></x2><g3>ici</g3>")).toBe(true);
    });

    it("keeps the source text when the engine loses or repeats a placeholder", () => {
      for (const broken of [
        "Lis ceci ici",
        "<g1>a</g1><x2/><x2/><g3>b</g3>",
        "<g1>a<g3>b</g1></g3><x2/>",
      ]) {
        const { document, segments } = segmentDocument(doc, termMatcher([]));
        expect(segments[0]!.apply(broken)).toBe(false);
        expect(document).toEqual(doc);
      }
    });

    it("forces glossary terms inside marked text and links, marks kept", () => {
      const matcher = termMatcher([{ term: "Handbook", replacement: "Manuel" }]);
      const bold = [{ object: "mark", type: "bold" }];
      const marked = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "paragraph",
            data: {},
            nodes: [
              {
                object: "text",
                leaves: [
                  { object: "leaf", text: "Read the ", marks: [] },
                  { object: "leaf", text: "Handbook now", marks: bold },
                ],
              },
              {
                object: "inline",
                type: "link",
                isVoid: false,
                data: { ref: { kind: "url", url: "https://a.example" } },
                nodes: [
                  { object: "text", leaves: [{ object: "leaf", text: "Handbook", marks: [] }] },
                ],
              },
            ],
          },
        ],
      };
      const { document, segments } = segmentDocument(marked, matcher);
      expect(segments[0]!.text).toBe("Read the <g2><x1/> now</g2><g3><x4/></g3>");
      expect(segments[0]!.apply("Lis le <g2><x1/> maintenant</g2><g3><x4/></g3>")).toBe(true);
      const leaves = JSON.stringify(document);
      expect(leaves).toContain(
        '{"object":"leaf","text":"Manuel maintenant","marks":[{"object":"mark","type":"bold"}]}',
      );
      expect(leaves).toContain(
        '"nodes":[{"object":"text","leaves":[{"object":"leaf","text":"Manuel","marks":[]}]}]',
      );
      expect(leaves).not.toContain("Handbook");
    });

    it("protects URLs, variables and glossary terms as atoms", () => {
      const matcher = termMatcher([
        { term: "Quire", replacement: null },
        { term: "Handbook", replacement: "Manuel" },
      ]);
      const plain = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "paragraph",
            data: {},
            nodes: [
              {
                object: "text",
                leaves: [
                  {
                    object: "leaf",
                    text: "Quire Handbook at https://x.example/a and {{ a.b }}",
                    marks: [],
                  },
                ],
              },
            ],
          },
        ],
      };
      const { document, segments } = segmentDocument(plain, matcher);
      expect(segments[0]!.text).toBe("<x1/> <x2/> at <x3/> and <x4/>");
      expect(segments[0]!.words).toBe(2);
      segments[0]!.apply("<x1/> <x2/> à <x3/> et <x4/>");
      expect(JSON.stringify(document)).toContain("Quire Manuel à https://x.example/a et {{ a.b }}");
    });
  });
});

describe("progress", () => {
  beforeAll(emptyStorage);
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
      expect(running.body.progress).toEqual({
        pagesDone: 4,
        pagesTotal: 10,
        percent: 40,
        startedAt,
      });

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
});

describe("run", () => {
  beforeAll(emptyStorage);
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
});

describe("after-main", () => {
  beforeAll(emptyStorage);
  /** An integration event as the events list shows it. */
  interface ListedEvent {
    payload: { type: string; spaceId?: string; revisionId?: string };
  }

  describe("a translation run's new main revision", { timeout: 150_000 }, () => {
    it("runs the after-main hooks like a merge: an integration event is queued, search indexes it", async () => {
      const { org, owner } = await makeOrg();
      const marker = unique("mk").replace(/[^a-z0-9]/gi, "");
      const { space } = await makeSourceSpace(org.id, owner, marker, 2);
      // Installed on every space of the organization, so the result space (made by the run) too.
      const { name, installation } = await publishAndInstall(owner.token, org.id);
      const all = await as(owner.token).patch(
        `/integrations/${name}/installations/${installation.id}`,
        { space_selection: "all" },
      );
      expect(all.status, all.text).toBe(200);

      const t = await makeTranslation(owner.token, org.id, space.id);
      const done = await runAndWait(owner.token, org.id, t.id);
      expect(done.error, JSON.stringify(done.error)).toBeUndefined();
      const resultId: string = done.result.space;
      const result = await reloadSpace(resultId);
      expect(result.revisionId).toBe(done.result.revision);

      // The integrations hook queued space_content_updated for the result space's new revision.
      const event = await eventually(async () => {
        const list = await as(owner.token).get(`/integrations/${name}/events`);
        expect(list.status, list.text).toBe(200);
        const found = (list.body.items as ListedEvent[]).find(
          (e) => e.payload.type === "space_content_updated" && e.payload.spaceId === resultId,
        );
        expect(found, "no space_content_updated event for the result space yet").toBeDefined();
        return found!;
      });
      expect(event.payload.revisionId).toBe(done.result.revision);

      // The search hook brought the result space's index to its main. Read from the table: a
      // search would start a catch-up of its own and prove nothing about the hook.
      await eventually(async () => {
        const [state] = await testDb()
          .select()
          .from(searchSpaces)
          .where(eq(searchSpaces.spaceId, resultId));
        expect(state?.seq).toBe(result.mainSeq);
      });
      const found = await as(owner.token).get(`/spaces/${resultId}/search`, {
        query: { query: marker },
      });
      expect(found.status, found.text).toBe(200);
      const titles = (found.body.items as { title: string }[]).map((item) => item.title).sort();
      expect(titles).toEqual([`Page-fr 0-fr ${marker}-fr`, `Page-fr 1-fr ${marker}-fr`]);
    });
  });
});
