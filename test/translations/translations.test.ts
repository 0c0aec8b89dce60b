import { env } from "cloudflare:test";
import { describe, expect, it, beforeAll } from "vitest";
import { as } from "../helpers/api";
import {
  makeContentSpace,
  commitChanges,
  mainPagesByTitle,
  reloadSpace,
} from "../helpers/content-factories";
import { makeOrg, testDb, unique } from "../helpers/factories";
import {
  makeTranslation,
  engineLog,
  makeSourceSpace,
  runAndWait,
  waitForRun,
} from "../helpers/translations-factories";
import { eq } from "drizzle-orm";
import { translations } from "../../src/db/schema";
import { authorizationMatrix, type World } from "../helpers/authz";
import { emptyStorage } from "../helpers/storage";

describe("translations", () => {
  const EMPTY = { object: "document", data: {}, nodes: [] };
  const INSTRUCTIONS = {
    object: "document",
    data: {},
    nodes: [
      {
        object: "block",
        type: "paragraph",
        data: {},
        nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Formal tone.", marks: [] }] }],
      },
    ],
  };

  describe("translations: create, read, list, update, delete", () => {
    it("creates a pending translation with the official shape and lists it", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const api = as(owner.token);
      const res = await api.post(`/orgs/${org.id}/translations`, {
        source: { space: space.id, language: "en" },
        language: "pt-br",
        instructions: INSTRUCTIONS,
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        object: "translation",
        status: "pending",
        source: { space: space.id, language: "en" },
        language: "pt-br",
        stats: { runs: 0, totalWords: 0, totalPages: 0, latestPages: 0 },
        permissions: { view: true, edit: true },
        urls: { location: `https://quire.test/v1/orgs/${org.id}/translations/${res.body.id}` },
      });
      expect(res.body.instructions.nodes[0].type).toBe("paragraph");
      expect(res.body.result).toBeUndefined();

      const got = await api.get(`/orgs/${org.id}/translations/${res.body.id}`);
      expect(got.body).toEqual(res.body);
      const second = await makeTranslation(owner.token, org.id, space.id, "de");
      const list = await api.get(`/orgs/${org.id}/translations`, { query: { limit: 1 } });
      expect(list.body.count).toBe(2);
      expect(list.body.items.map((t: { id: string }) => t.id)).toEqual([second.id]);
      const next = await api.get(`/orgs/${org.id}/translations`, {
        query: { limit: 1, page: list.body.next.page },
      });
      expect(next.body.items.map((t: { id: string }) => t.id)).toEqual([res.body.id]);
      expect(next.body.next).toBeUndefined();
    });

    it("refuses a bad body with a 400 naming the field", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const foreign = await makeContentSpace(other.org.id, other.owner);
      const api = as(owner.token);
      const cases: [unknown, string][] = [
        [{ source: { space: space.id, language: "en" }, language: "klingon" }, "body.language"],
        [{ source: { space: space.id }, language: "fr" }, "body.source.language"],
        [{ source: { space: "nope", language: "en" }, language: "fr" }, "body.source.space"],
        [{ source: { space: foreign.id, language: "en" }, language: "fr" }, "body.source.space"],
        [{ source: { space: space.id, language: "en" }, language: "en" }, "body.language"],
        [
          { source: { space: space.id, language: "en" }, language: "fr", instructions: {} },
          "body.instructions",
        ],
      ];
      for (const [body, field] of cases) {
        const res = await api.post(`/orgs/${org.id}/translations`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message).toContain(field);
      }
      const list = await api.get(`/orgs/${org.id}/translations`);
      expect(list.body.count).toBe(0);
    });

    it("updates the instructions and deletes (204 also when absent), counting exactly", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const api = as(owner.token);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const put = await api.put(`/orgs/${org.id}/translations/${t.id}`, {
        instructions: INSTRUCTIONS,
      });
      expect(put.status).toBe(200);
      expect(put.body.instructions).toEqual(INSTRUCTIONS);
      const bad = await api.put(`/orgs/${org.id}/translations/${t.id}`, { instructions: "x" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain("body.instructions");
      expect((await api.delete(`/orgs/${org.id}/translations/${t.id}`)).status).toBe(204);
      expect((await api.delete(`/orgs/${org.id}/translations/${t.id}`)).status).toBe(204);
      expect((await api.get(`/orgs/${org.id}/translations/${t.id}`)).status).toBe(404);
      expect((await api.get(`/orgs/${org.id}/translations`)).body.count).toBe(0);
      const gone = await api.put(`/orgs/${org.id}/translations/${t.id}`, { instructions: EMPTY });
      expect(gone.status).toBe(404);
    });

    it("answers 409 naming both engines when none is configured, and changes nothing", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const t = await makeTranslation(owner.token, org.id, space.id);
      const bindings = { ...env, TRANSLATE_URL: undefined, AI: undefined };
      const res = await as(owner.token).post(
        `/orgs/${org.id}/translations/${t.id}/run`,
        undefined,
        {
          bindings,
        },
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain("Workers AI");
      expect(res.body.error.message).toContain("TRANSLATE_URL");
      const after = await as(owner.token).get(`/orgs/${org.id}/translations/${t.id}`);
      expect(after.body.status).toBe("pending");
      expect(after.body.stats.runs).toBe(0);
      expect(after.body.updatedAt).toBe(after.body.createdAt);
    });

    it("answers 404 for a run of an unknown translation", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).post(`/orgs/${org.id}/translations/nope/run`);
      expect(res.status).toBe(404);
    });
  });

  describe("translations glossary", () => {
    it("applies batches naming more ids than one statement binds, and caps the batch size", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const inserts = Array.from({ length: 120 }, (_, i) => ({
        type: "insert",
        translations: { en: `Term ${i}` },
      }));
      expect(
        (await api.put(`/orgs/${org.id}/translations-glossary`, { operations: inserts })).status,
      ).toBe(204);
      const all = await api.get(`/orgs/${org.id}/translations-glossary`, {
        query: { limit: 1000 },
      });
      expect(all.body.count).toBe(120);
      const deletes = all.body.items.slice(0, 110).map((e: any) => ({ type: "delete", id: e.id }));
      expect(
        (await api.put(`/orgs/${org.id}/translations-glossary`, { operations: deletes })).status,
      ).toBe(204);
      expect((await api.get(`/orgs/${org.id}/translations-glossary`)).body.count).toBe(10);
      const tooMany = Array.from({ length: 251 }, () => inserts[0]);
      const refused = await api.put(`/orgs/${org.id}/translations-glossary`, {
        operations: tooMany,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain("body.operations");
    });

    it("inserts, updates, deletes, lists by language and reads one entry", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const put = await api.put(`/orgs/${org.id}/translations-glossary`, {
        operations: [
          { type: "insert", translations: { en: "Handbook", fr: "Manuel" } },
          { type: "insert", translations: { en: "Account", fr: "Compte" } },
          { type: "insert", translations: { en: "Quire" } },
        ],
      });
      expect(put.status, put.text).toBe(204);
      const byEn = await api.get(`/orgs/${org.id}/translations-glossary`, {
        query: { orderBy: "en" },
      });
      expect(byEn.body.count).toBe(3);
      expect(byEn.body.items.map((e: any) => e.translations.en)).toEqual([
        "Account",
        "Handbook",
        "Quire",
      ]);
      const byFr = await api.get(`/orgs/${org.id}/translations-glossary`, {
        query: { orderBy: "fr", limit: 2 },
      });
      expect(byFr.body.items.map((e: any) => e.translations.en)).toEqual(["Account", "Handbook"]);
      const rest = await api.get(`/orgs/${org.id}/translations-glossary`, {
        query: { orderBy: "fr", limit: 2, page: byFr.body.next.page },
      });
      expect(rest.body.items.map((e: any) => e.translations.en)).toEqual(["Quire"]);
      const [account, handbook] = byEn.body.items;
      const one = await api.get(`/orgs/${org.id}/translations-glossary/${handbook.id}`);
      expect(one.body).toMatchObject({
        object: "glossary-entry",
        translations: { en: "Handbook", fr: "Manuel" },
      });
      const update = await api.put(`/orgs/${org.id}/translations-glossary`, {
        operations: [
          { type: "update", id: handbook.id, translations: { en: "Handbook", fr: "Guide" } },
          { type: "delete", id: account.id },
          { type: "delete", id: "never-existed" },
        ],
      });
      expect(update.status).toBe(204);
      const after = await api.get(`/orgs/${org.id}/translations-glossary`);
      expect(after.body.count).toBe(2);
      expect((await api.get(`/orgs/${org.id}/translations-glossary/${account.id}`)).status).toBe(
        404,
      );
      const unknown = await api.put(`/orgs/${org.id}/translations-glossary`, {
        operations: [{ type: "update", id: "nope", translations: { en: "x" } }],
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toContain("body.operations[0].id");
      const badLang = await api.put(`/orgs/${org.id}/translations-glossary`, {
        operations: [{ type: "insert", translations: { xx: "x" } }],
      });
      expect(badLang.status).toBe(400);
      const newline = await api.put(`/orgs/${org.id}/translations-glossary`, {
        operations: [{ type: "insert", translations: { en: "a\nb" } }],
      });
      expect(newline.status).toBe(400);
    });
  });
});

describe("incremental", () => {
  beforeAll(emptyStorage);
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
        const [stored] = await testDb()
          .select()
          .from(translations)
          .where(eq(translations.id, t.id));
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
        expect((await engineLog(marker)).texts.filter((s) => s.startsWith("Page "))).toHaveLength(
          3,
        );
      });
    },
  );
});

describe("authz", () => {
  beforeAll(emptyStorage);
  /** A source space and a translation of it, made by the owner. */
  async function translationOf(w: World) {
    const space = await makeContentSpace(w.org.id, w.owner);
    const res = await as(w.owner.token).post(`/orgs/${w.org.id}/translations`, {
      source: { space: space.id, language: "en" },
      language: "de",
    });
    return { space, id: res.body.id as string };
  }

  /** A glossary entry of the world's organization. */
  async function glossaryEntry(w: World) {
    await as(w.owner.token).put(`/orgs/${w.org.id}/translations-glossary`, {
      operations: [{ type: "insert", translations: { en: "Handbook", fr: "Manuel" } }],
    });
    const list = await as(w.owner.token).get(`/orgs/${w.org.id}/translations-glossary`);
    return { id: list.body.items[0].id as string };
  }

  authorizationMatrix("GET /v1/orgs/{organizationId}/translations", {
    request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/translations` }),
    missing: () => ({ method: "GET", path: `/orgs/doesnotexist/translations` }),
    minimumRole: "read",
    scope: "space:read",
    success: 200,
  });

  authorizationMatrix("POST /v1/orgs/{organizationId}/translations", {
    setup: (w) => makeContentSpace(w.org.id, w.owner),
    request: (w, space) => ({
      method: "POST",
      path: `/orgs/${w.org.id}/translations`,
      body: { source: { space: space.id, language: "en" }, language: "fr" },
    }),
    missing: (_w, space) => ({
      method: "POST",
      path: `/orgs/doesnotexist/translations`,
      body: { source: { space: space.id, language: "en" }, language: "fr" },
    }),
    minimumRole: "create",
    scope: "space:write",
    success: 201,
  });

  authorizationMatrix("GET /v1/orgs/{organizationId}/translations/{translationId}", {
    setup: translationOf,
    request: (w, t) => ({ method: "GET", path: `/orgs/${w.org.id}/translations/${t.id}` }),
    missing: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/translations/doesnotexist` }),
    minimumRole: "read",
    scope: "space:read",
    success: 200,
  });

  authorizationMatrix("PUT /v1/orgs/{organizationId}/translations/{translationId}", {
    setup: translationOf,
    request: (w, t) => ({
      method: "PUT",
      path: `/orgs/${w.org.id}/translations/${t.id}`,
      body: { instructions: { object: "document", data: {}, nodes: [] } },
    }),
    missing: (w) => ({
      method: "PUT",
      path: `/orgs/${w.org.id}/translations/doesnotexist`,
      body: { instructions: { object: "document", data: {}, nodes: [] } },
    }),
    minimumRole: "create",
    scope: "space:write",
    success: 200,
  });

  authorizationMatrix("DELETE /v1/orgs/{organizationId}/translations/{translationId}", {
    setup: translationOf,
    request: (w, t) => ({ method: "DELETE", path: `/orgs/${w.org.id}/translations/${t.id}` }),
    missing: (_w, t) => ({ method: "DELETE", path: `/orgs/doesnotexist/translations/${t.id}` }),
    minimumRole: "create",
    scope: "space:write",
    success: 204,
  });

  authorizationMatrix("POST /v1/orgs/{organizationId}/translations/{translationId}/run", {
    setup: translationOf,
    request: (w, t) => ({ method: "POST", path: `/orgs/${w.org.id}/translations/${t.id}/run` }),
    missing: (w) => ({ method: "POST", path: `/orgs/${w.org.id}/translations/doesnotexist/run` }),
    minimumRole: "create",
    scope: "space:write",
    success: 204,
  });

  authorizationMatrix("GET /v1/orgs/{organizationId}/translations-glossary", {
    request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/translations-glossary` }),
    missing: () => ({ method: "GET", path: `/orgs/doesnotexist/translations-glossary` }),
    minimumRole: "read",
    scope: "organization:read",
    success: 200,
  });

  authorizationMatrix("PUT /v1/orgs/{organizationId}/translations-glossary", {
    request: (w) => ({
      method: "PUT",
      path: `/orgs/${w.org.id}/translations-glossary`,
      body: { operations: [{ type: "insert", translations: { en: "Quire" } }] },
    }),
    missing: () => ({
      method: "PUT",
      path: `/orgs/doesnotexist/translations-glossary`,
      body: { operations: [{ type: "insert", translations: { en: "Quire" } }] },
    }),
    minimumRole: "admin",
    scope: "organization:write",
    success: 204,
  });

  authorizationMatrix("GET /v1/orgs/{organizationId}/translations-glossary/{glossaryEntryId}", {
    setup: glossaryEntry,
    request: (w, e) => ({ method: "GET", path: `/orgs/${w.org.id}/translations-glossary/${e.id}` }),
    missing: (w) => ({
      method: "GET",
      path: `/orgs/${w.org.id}/translations-glossary/doesnotexist`,
    }),
    minimumRole: "read",
    scope: "organization:read",
    success: 200,
  });
});
