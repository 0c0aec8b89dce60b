import * as Y from "yjs";
import { describe, expect, it, vi, beforeAll } from "vitest";
import { postContent, crRow, crTree } from "../helpers/change-requests-factories";
import { rootAttrsOf } from "../../core/collab/root";
import {
  open,
  pageDocument,
  paragraphDoc,
  roomWorld,
  saveNow,
  type,
  roomOf,
  livePath,
  SETTLE,
} from "./client";
import { runInDurableObject } from "cloudflare:test";
import { as } from "../helpers/api";
import { parseMarkdown } from "../../core/document";
import type { JsonDocument } from "../../core/document/types";
import { changeFrom, documentOf } from "../../src/collab/document";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "../content/document/fixtures";
import { FOREIGN_DOCUMENTS } from "../content/document/foreign-documents";
import { makeOrg } from "../helpers/factories";
import { makeContentSpace } from "../helpers/content-factories";
import { importFiles, uploadImportFile, zipOf } from "../helpers/spaces-io-factories";
import { emptyStorage } from "../helpers/storage";

/** The page's markdown in the change request, read through the API. */
async function pageMarkdown(token: string, w: Awaited<ReturnType<typeof roomWorld>>) {
  const res = await as(token).get(
    `/spaces/${w.space.id}/change-requests/${w.cr.id}/content/page/${w.pageId}`,
    { query: { format: "markdown" } },
  );
  expect(res.status, res.text).toBe(200);
  return JSON.stringify(res.body);
}

/** Document → Yjs (the room's load) → Document (its write-back, in the loaded Document's form). */
function throughYjs(document: JsonDocument): JsonDocument {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, changeFrom(null, document).update);
  return documentOf(doc, document);
}

const FIXTURES: Array<[string, JsonDocument]> = [
  ["realistic page", parseMarkdown(REALISTIC_PAGE).document as JsonDocument],
  ...CANONICAL_SAMPLES.map(([name, md]): [string, JsonDocument] => [
    name,
    parseMarkdown(md).document as JsonDocument,
  ]),
  ...TRICKY_SAMPLES.map((md, i): [string, JsonDocument] => [
    `tricky ${i}`,
    parseMarkdown(md).document as JsonDocument,
  ]),
  ...FOREIGN_DOCUMENTS.map(([name, json]): [string, JsonDocument] => [
    `foreign: ${name}`,
    json as unknown as JsonDocument,
  ]),
];

describe("document-data", () => {
  describe("live rooms: the Document's own data and no-op saves", () => {
    it("keeps a Document's top-level data through load, edit and write-back", async () => {
      const w = await roomWorld("Base", { schemaVersion: 1 });
      const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      await vi.waitFor(
        () => expect(rootAttrsOf(a.doc)?.data).toEqual({ schemaVersion: 1 }),
        SETTLE,
      );
      type(a, "Typed ");
      await saveNow(w, a);
      const saved = await pageDocument(w.writer.token, w);
      expect(saved.data).toEqual({ schemaVersion: 1 });
      expect(JSON.stringify(saved.nodes)).toContain("Typed Base");
      a.ws.close();
    });

    it("takes another writer's change of the data into the room and writes it back", async () => {
      const w = await roomWorld("Before", { schemaVersion: 1 });
      const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      await vi.waitFor(() => expect(a.text()).toContain("Before"), SETTLE);
      const data = { schemaVersion: 1, extra: "theirs" };
      const res = await postContent(w.writer, w.space.id, w.cr.id, [
        {
          operation: "update_page",
          page: w.pageId,
          document: { document: paragraphDoc("After", data) },
        },
      ]);
      expect(res.status, res.text).toBe(200);
      await vi.waitFor(() => expect(rootAttrsOf(a.doc)?.data).toEqual(data), SETTLE);
      type(a, "Mine ");
      await saveNow(w, a);
      const saved = await pageDocument(w.writer.token, w);
      expect(saved.data).toEqual(data);
      expect(JSON.stringify(saved.nodes)).toContain("Mine After");
      a.ws.close();
    });

    it("writes nothing when the edits since the last save add up to no change", async () => {
      const w = await roomWorld("Same", { schemaVersion: 1 });
      const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      await vi.waitFor(() => expect(a.text()).toContain("Same"), SETTLE);
      const before = await crRow(w.cr.id);
      const documentId = a.statuses[0]?.documentId;
      expect(documentId).toMatch(/^[0-9a-f]{64}$/);
      type(a, "Gone ");
      const paragraph = a.doc.getXmlFragment("default").get(0) as Y.XmlElement;
      (paragraph.get(0) as Y.XmlText).delete(0, "Gone ".length);
      await saveNow(w, a);
      expect((await crRow(w.cr.id)).seq).toBe(before.seq);
      expect(a.statuses.at(-1)?.documentId).toBe(documentId);
      a.ws.close();
    });
  });
});

describe("persistence", () => {
  beforeAll(emptyStorage);
  describe("live rooms: persistence", () => {
    it("writes the Document back through the API's content batch when the alarm runs", async () => {
      const w = await roomWorld("Base");
      const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      type(a, "Typed ");
      await saveNow(w, a);
      expect(a.statuses.at(-1)?.documentId).toMatch(/^[0-9a-f]{64}$/);
      expect(await pageMarkdown(w.writer.token, w)).toContain("Typed Base");
      a.ws.close();
    });

    it("takes an API content batch made during the session into the clients' documents", async () => {
      const w = await roomWorld("Before");
      const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      await vi.waitFor(() => expect(a.text()).toContain("Before"), SETTLE);
      const res = await postContent(w.writer, w.space.id, w.cr.id, [
        { operation: "update_page", page: w.pageId, document: { document: paragraphDoc("After") } },
      ]);
      expect(res.status, res.text).toBe(200);
      await vi.waitFor(() => expect(a.text()).toContain("After"), SETTLE);
      expect(a.text()).not.toContain("Before");
      a.ws.close();
    });

    it("keeps typed updates when the object restarts", async () => {
      const w = await roomWorld("Kept");
      const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      type(a, "Durable ");
      await vi.waitFor(() => expect(a.statuses.at(-1)?.saved).toBe(false), SETTLE);
      a.ws.close();
      // The object's memory is gone; its SQLite holds the log.
      await runInDurableObject(roomOf(w), (_instance, state) => {
        const rows = state.storage.sql
          .exec<{ n: number }>("SELECT count(*) AS n FROM updates")
          .one();
        expect(rows.n).toBeGreaterThan(0);
        state.abort("restart");
      }).catch(() => undefined);
      const b = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      await vi.waitFor(() => expect(b.text()).toContain("Durable Kept"), SETTLE);
      b.ws.close();
    });
  });
});

describe("codec-trip", () => {
  describe("the room's Document ↔ Yjs trip", () => {
    // Identical as stored: the JSON text a Document's body and its id (its digest) are made of.
    it.each(FIXTURES)("gives back %s identically", (_name, document) => {
      expect(JSON.stringify(throughYjs(document))).toBe(JSON.stringify(document));
    });

    it("keeps the top-level data without a base, and a changed table's key order", () => {
      const [, table] = FIXTURES.find(([name]) => name.includes("typed columns"))!;
      const withData = { ...table, data: { schemaVersion: 1 } } as JsonDocument;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, changeFrom(null, withData).update);
      expect(documentOf(doc).data).toEqual({ schemaVersion: 1 });
      // Another Document (a new paragraph first): the table keeps the base's `data` key order.
      const fragment = doc.getXmlFragment("default");
      const paragraph = new Y.XmlElement("paragraph");
      paragraph.insert(0, [new Y.XmlText("New")]);
      fragment.insert(0, [paragraph]);
      const written = documentOf(doc, withData);
      const tableOut = written.nodes[1] as unknown as { data: object };
      expect(Object.keys(tableOut.data)).toEqual(
        Object.keys((table.nodes[0] as { data: object }).data),
      );
    });

    it("merges another writer's Document with edits made since the base", () => {
      const before = parseMarkdown("One.\n\nTwo.\n").document as JsonDocument;
      const { update, base } = changeFrom(null, before);
      const doc = new Y.Doc();
      Y.applyUpdate(doc, update);
      // A local edit in the first paragraph.
      const first = doc.getXmlFragment("default").get(0) as Y.XmlElement;
      (first.get(0) as Y.XmlText).insert(0, "Local ");
      // Another writer changed the second paragraph meanwhile.
      const theirs = parseMarkdown("One.\n\nTwo, theirs.\n").document as JsonDocument;
      Y.applyUpdate(doc, changeFrom(base, theirs).update);
      const text = JSON.stringify(documentOf(doc));
      expect(text).toContain("Local One.");
      expect(text).toContain("Two, theirs.");
    });

    it("keeps a key once: a block's second copy (two people moved it at once) is written without", () => {
      const before = parseMarkdown("One.\n\nTwo.\n").document as JsonDocument;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, changeFrom(null, before).update);
      const fragment = doc.getXmlFragment("default");
      const two = fragment.get(1) as Y.XmlElement;
      fragment.insert(0, [two.clone()]);
      const keys = documentOf(doc, before).nodes.map((node) => (node as { key?: string }).key);
      expect(keys).toEqual([before.nodes[1]!.key, before.nodes[0]!.key, undefined]);
    });
  });
});

describe("room", () => {
  beforeAll(emptyStorage);
  describe("live rooms: sync", () => {
    it("two writers converge and the room starts from the page's Document", async () => {
      const w = await roomWorld("Hello");
      const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      const b = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      await vi.waitFor(() => expect(a.text()).toContain("Hello"), SETTLE);
      await vi.waitFor(() => expect(b.text()).toContain("Hello"), SETTLE);
      type(a, "A ");
      type(b, "B ");
      await vi.waitFor(() => {
        expect(a.text()).toBe(b.text());
        expect(a.text()).toContain("A ");
        expect(a.text()).toContain("B ");
      }, SETTLE);
      a.ws.close();
      b.ws.close();
      void as;
    });
  });
});

describe("import-notify", () => {
  beforeAll(emptyStorage);
  describe("live rooms: writes from an import", () => {
    it("takes an import into the change request into the open room of the page", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const first = await uploadImportFile(
        owner,
        org.id,
        "a.zip",
        zipOf({ "README.md": "# Home\n\nBefore.\n" }),
      );
      const run = await importFiles(owner, org.id, { space: space.id }, [first]);
      expect(run.status, run.reason).toBe("completed");
      const crId: string = run.target.changeRequest;
      const page = (await crTree(space.id, crId)).roots[0]!;
      const a = await open(livePath(space.id, crId, page.row.pageId), {
        Authorization: `Bearer ${owner.token}`,
      });
      await vi.waitFor(() => expect(a.text()).toContain("Before."), SETTLE);
      const second = await uploadImportFile(
        owner,
        org.id,
        "b.zip",
        zipOf({ "README.md": "# Home\n\nFrom the import.\n" }),
      );
      const rerun = await importFiles(owner, org.id, { space: space.id, changeRequest: crId }, [
        second,
      ]);
      expect(rerun.status, rerun.reason).toBe("completed");
      await vi.waitFor(() => expect(a.text()).toContain("From the import."), SETTLE);
      a.ws.close();
    });
  });
});
