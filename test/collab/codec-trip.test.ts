import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../core/document";
import type { JsonDocument } from "../../core/document/types";
import { changeFrom, documentOf } from "../../src/collab/document";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "../content/document/fixtures";
import { FOREIGN_DOCUMENTS } from "../content/document/foreign-documents";

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
