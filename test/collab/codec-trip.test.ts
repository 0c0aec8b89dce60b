import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../core/document";
import type { JsonDocument } from "../../core/document/types";
import { changeFrom, documentOf } from "../../src/collab/document";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "../content/document/fixtures";
import { FOREIGN_DOCUMENTS } from "../content/document/foreign-documents";

/** Document → Yjs (the room's load) → Document (its write-back). */
function throughYjs(document: JsonDocument): JsonDocument {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, changeFrom(null, document).update);
  return documentOf(doc);
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

/** The fixtures the trip does not give back byte for byte yet. */
const KNOWN_GAPS = new Set([
  "bold across a break",
  "foreign: table with typed columns and hidden ones",
]);

describe("the room's Document ↔ Yjs trip", () => {
  // Identical as stored: the JSON text a Document's body and its id (its digest) are made of.
  it.each(FIXTURES.filter(([name]) => !KNOWN_GAPS.has(name)))(
    "gives back %s identically",
    (_name, document) => {
      expect(JSON.stringify(throughYjs(document))).toBe(JSON.stringify(document));
    },
  );

  // Known gaps (issue 38, not fixed yet): a marked leaf holding "\n" comes back split with the
  // newline unmarked, and a table's `data` keys come back in another order (a Y.Map attribute
  // does not keep the key order), so the same content gets another document id.
  it.fails.each(FIXTURES.filter(([name]) => KNOWN_GAPS.has(name)))(
    "does not yet give back %s identically",
    (_name, document) => {
      expect(JSON.stringify(throughYjs(document))).toBe(JSON.stringify(document));
    },
  );

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
});
