import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { documents, translations } from "../../src/db/schema";
import { as } from "../helpers/api";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  reloadSpace,
  seedMainFile,
} from "../helpers/content-factories";
import { makeOrg, testDb, unique } from "../helpers/factories";
import {
  engineLog,
  makeTranslation,
  runAndWait,
  makeSourceSpace,
} from "../helpers/translations-factories";
import { commitToMain } from "../../src/services/content/commit-to-main";
import { fixtureAfterMain } from "../helpers/after-main";
import { env } from "cloudflare:test";
import { createDb } from "../../src/db/client";
import { countingD1, emptyStats } from "../../src/db/counting";
import { createOutbound } from "../../src/outbound";
import { engineOf } from "../../src/services/translations/engines/index";
import { translateBatch } from "../../src/services/translations/run/batch";
import { prepareRun } from "../../src/services/translations/run/prepare";
import { createTranslation } from "../../src/services/translations/translations";
import { emptyStorage } from "../helpers/storage";

describe("blocks", () => {
  const text = (t: string, marks: { object: "mark"; type: string }[] = []) => ({
    object: "text",
    leaves: [{ object: "leaf", text: t, marks }],
  });
  const paragraph = (...nodes: unknown[]) => ({
    object: "block",
    type: "paragraph",
    isVoid: false,
    data: {},
    nodes,
  });

  /**
   * A button's label is translated too; the official schema cannot validate a button (its `data`
   * allows no `label` beside `ref`), so it sits on a page of its own, read from the database.
   */
  function buttonPage(m: string) {
    return {
      object: "document",
      data: {},
      nodes: [
        paragraph(text(`Press ${m} `), {
          object: "inline",
          type: "button",
          isVoid: true,
          data: {
            label: "Button label",
            kind: "primary",
            ref: { kind: "url", url: "https://x.example" },
          },
        }),
      ],
    };
  }

  /** A JSON Document with every block and inline that holds text a reader sees. */
  function everyBlock(m: string) {
    return {
      object: "document",
      data: {},
      nodes: [
        paragraph(
          text(`Lead ${m} `),
          {
            object: "inline",
            type: "inline-image",
            isVoid: true,
            data: {
              ref: { kind: "url", url: "https://cdn.example.com/i.png" },
              alt: "Inline alt words",
              caption: "Inline caption words",
            },
          },
          {
            object: "inline",
            type: "annotation",
            isVoid: false,
            data: {},
            nodes: [text("annotated word")],
            fragments: [
              {
                object: "fragment",
                type: "annotation-body",
                nodes: [paragraph(text("Note body"))],
              },
            ],
          },
        ),
        {
          object: "block",
          type: "images",
          isVoid: false,
          data: {},
          nodes: [
            {
              object: "block",
              type: "image",
              isVoid: true,
              data: {
                ref: { kind: "url", url: "https://cdn.example.com/b.png" },
                alt: "Block alt words",
              },
              fragments: [
                {
                  object: "fragment",
                  fragment: "caption",
                  nodes: [paragraph(text("Block caption"))],
                },
              ],
            },
          ],
        },
        {
          object: "block",
          type: "hint",
          isVoid: false,
          data: { style: "info" },
          nodes: [paragraph(text("Hint words"))],
        },
        {
          object: "block",
          type: "tabs",
          isVoid: false,
          data: {},
          nodes: [
            {
              object: "block",
              type: "tabs-item",
              isVoid: false,
              data: { title: "Tab title" },
              nodes: [paragraph(text("Tab body"))],
            },
          ],
        },
        {
          object: "block",
          type: "expandable",
          isVoid: true,
          data: {},
          fragments: [
            {
              object: "fragment",
              fragment: "expandable-title",
              type: "expandable-title",
              nodes: [paragraph(text("Expand title"))],
            },
            {
              object: "fragment",
              fragment: "expandable-body",
              type: "expandable-body",
              nodes: [paragraph(text("Expand body"))],
            },
          ],
        },
        {
          object: "block",
          type: "stepper",
          isVoid: false,
          data: {},
          nodes: [
            {
              object: "block",
              type: "stepper-step",
              isVoid: false,
              data: {},
              nodes: [paragraph(text("Step words"))],
            },
          ],
        },
        {
          object: "block",
          type: "table",
          isVoid: true,
          data: {
            view: { type: "grid", columns: ["c1"], hideHeader: false },
            records: { r1: { orderIndex: "a1", values: { c1: "f1" } } },
            definition: {
              c1: { id: "c1", title: "Column title", type: "text", textAlignment: "left" },
            },
          },
          fragments: [
            { object: "fragment", fragment: "f1", nodes: [paragraph(text("Cell words"))] },
          ],
        },
        {
          object: "block",
          type: "prompt",
          isVoid: false,
          data: { description: "Prompt description" },
          nodes: [
            {
              object: "block",
              type: "code",
              isVoid: false,
              data: {},
              nodes: [
                {
                  object: "block",
                  type: "code-line",
                  isVoid: false,
                  data: {},
                  nodes: [text("raw()")],
                },
              ],
            },
          ],
        },
      ],
    };
  }

  describe("translation runs: every block type", { timeout: 150_000 }, () => {
    it("translates texts of every block and inline, alt texts and captions included", async () => {
      const { org, owner } = await makeOrg();
      const m = unique("mk").replace(/[^a-z0-9]/gi, "");
      const space = await makeContentSpace(org.id, owner);
      await commitChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: `Blocks ${m}`, document: { document: everyBlock(m) } },
        { operation: "insert_page", title: `Button ${m}`, document: { document: buttonPage(m) } },
      ]);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const done = await runAndWait(owner.token, org.id, t.id);
      expect(done.error, JSON.stringify(done.error)).toBeUndefined();
      const page = (await mainPagesByTitle(done.result.space)).get(`Blocks-fr ${m}-fr`)!;
      expect(page).toBeDefined();
      const res = await as(owner.token).get(
        `/spaces/${done.result.space}/content/page/${page.pageId}`,
      );
      expect(res.status, res.text).toBe(200);
      const body = JSON.stringify(res.body.document);
      for (const words of [
        "Inline-fr alt-fr words-fr",
        "Inline-fr caption-fr words-fr",
        "annotated-fr word-fr",
        "Note-fr body-fr",
        "Block-fr alt-fr words-fr",
        "Block-fr caption-fr",
        "Hint-fr words-fr",
        "Tab-fr title-fr",
        "Tab-fr body-fr",
        "Expand-fr title-fr",
        "Expand-fr body-fr",
        "Step-fr words-fr",
        "Column-fr title-fr",
        "Cell-fr words-fr",
        "Prompt-fr description-fr",
      ]) {
        expect(body, words).toContain(JSON.stringify(words).slice(1, -1));
      }
      expect(body).toContain('"raw()"');
      expect(body).toContain("https://cdn.example.com/i.png");
      const buttons = (await mainPagesByTitle(done.result.space)).get(`Button-fr ${m}-fr`)!;
      const [stored] = await testDb()
        .select()
        .from(documents)
        .where(eq(documents.hash, buttons.documentHash!));
      expect(stored!.body).toContain('"label":"Button-fr label-fr"');
      // The inlines' own texts went to the engine in the same call as the paragraph's run.
      const log = await engineLog(m);
      expect(log.calls).toBe(1); // both pages, one engine call
      expect(log.sent).toContain("Inline alt words");
    });
  });
});

describe("files", () => {
  beforeAll(emptyStorage);
  /** Removes a file from the space's main as a new main revision (the versioned-content core). */
  async function removeMainFile(
    spaceId: string,
    userId: string,
    file: Awaited<ReturnType<typeof seedMainFile>>,
  ) {
    await commitToMain(
      testDb(),
      {
        state: { space: await reloadSpace(spaceId) },
        userId,
        prepare: async () => ({
          type: "edits",
          parents: [],
          pages: [],
          files: [{ ...file, deleted: true }],
          documents: [],
        }),
        reload: async ({ space }) => ({ space: await reloadSpace(space.id) }),
        raceMessage: "main changed",
      },
      fixtureAfterMain(),
    );
  }

  /** The names of the files on a space's main, through the API. */
  async function fileNames(token: string, spaceId: string) {
    const res = await as(token).get(`/spaces/${spaceId}/content/files`);
    expect(res.status, res.text).toBe(200);
    return (res.body.items as { name: string }[]).map((f) => f.name).sort();
  }

  describe("translation runs: files", { timeout: 150_000 }, () => {
    it("copies the source's files and removes those removed from the source on the next run", async () => {
      const { org, owner } = await makeOrg();
      const marker = unique("mk").replace(/[^a-z0-9]/gi, "");
      const { space } = await makeSourceSpace(org.id, owner, marker, 1);
      const bytes = (s: string) => new TextEncoder().encode(s);
      const kept = await seedMainFile(space.id, {
        name: "kept.txt",
        contentType: "text/plain",
        bytes: bytes("kept"),
      });
      const gone = await seedMainFile(space.id, {
        name: "gone.txt",
        contentType: "text/plain",
        bytes: bytes("gone"),
      });
      const t = await makeTranslation(owner.token, org.id, space.id);
      const first = await runAndWait(owner.token, org.id, t.id);
      expect(first.error, JSON.stringify(first.error)).toBeUndefined();
      expect(await fileNames(owner.token, first.result.space)).toEqual(["gone.txt", "kept.txt"]);

      await removeMainFile(space.id, owner.user.id, gone);
      expect(await fileNames(owner.token, space.id)).toEqual(["kept.txt"]);
      const second = await runAndWait(owner.token, org.id, t.id);
      expect(second.error, JSON.stringify(second.error)).toBeUndefined();
      expect(second.stats).toMatchObject({ runs: 2, latestPages: 0 });
      expect(second.result.revision).not.toBe(first.result.revision);
      expect(await fileNames(owner.token, second.result.space)).toEqual(["kept.txt"]);
      const file = await as(owner.token).get(
        `/spaces/${second.result.space}/content/files/${kept.fileId}`,
      );
      expect(file.status).toBe(200);

      // Nothing changed since: the third run writes no revision.
      const third = await runAndWait(owner.token, org.id, t.id);
      expect(third.result.revision).toBe(second.result.revision);
    });
  });
});

describe("round-trips", () => {
  beforeAll(emptyStorage);
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
});
