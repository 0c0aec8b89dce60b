import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg } from "../helpers/factories";
import { makeTranslation } from "../helpers/translations-factories";

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
    const res = await as(owner.token).post(`/orgs/${org.id}/translations/${t.id}/run`, undefined, {
      bindings,
    });
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
    const all = await api.get(`/orgs/${org.id}/translations-glossary`, { query: { limit: 1000 } });
    expect(all.body.count).toBe(120);
    const deletes = all.body.items.slice(0, 110).map((e: any) => ({ type: "delete", id: e.id }));
    expect(
      (await api.put(`/orgs/${org.id}/translations-glossary`, { operations: deletes })).status,
    ).toBe(204);
    expect((await api.get(`/orgs/${org.id}/translations-glossary`)).body.count).toBe(10);
    const tooMany = Array.from({ length: 251 }, () => inserts[0]);
    const refused = await api.put(`/orgs/${org.id}/translations-glossary`, { operations: tooMany });
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
    expect((await api.get(`/orgs/${org.id}/translations-glossary/${account.id}`)).status).toBe(404);
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
