import { describe, expect, it } from "vitest";
import { assignKeys, DocumentSchema } from "../../../core/document";
import { fromEditor } from "../../../core/editor/from-editor";
import type { PmNode } from "../../../core/editor/pm-json";
import { editorSchema } from "../../../core/editor/schema";
import { toEditor } from "../../../core/editor/to-editor";
import { officialShapeErrors } from "../../content/document/official-shape";

type Json = Record<string, unknown>;

const leaf = (text: string, ...marks: Json[]) => ({ object: "leaf", text, marks });
const text = (...leaves: Json[]) => ({ object: "text", leaves });
const mark = (type: string, data?: Json) =>
  data ? { object: "mark", type, data } : { object: "mark", type };
const paragraph = (...nodes: Json[]) => ({
  object: "block",
  type: "paragraph",
  key: "p1",
  isVoid: false,
  data: {},
  nodes,
});
const doc = (...nodes: Json[]) => ({ object: "document", data: {}, nodes });
const link = (url: string, ...nodes: Json[]) => ({
  object: "inline",
  type: "link",
  key: "l1",
  isVoid: false,
  data: { ref: { kind: "url", url } },
  nodes,
});
const emoji = { object: "inline", type: "emoji", key: "e1", isVoid: true, data: { code: "1f600" } };
const color = mark("color", { text: "red", background: "default" });

/** The editor's JSON after ProseMirror read it (what a browser editor would hold). */
const loaded = (document: Json): PmNode =>
  editorSchema.nodeFromJSON(toEditor(document)).toJSON() as PmNode;

/** GitBook's (Slate's) form: empty texts around inlines, marks in GitBook's order. */
const SLATE = doc(
  paragraph(
    text(leaf("")),
    link("https://x.test", text(leaf("a link"))),
    text(leaf(""), leaf("red ", color, mark("bold")), leaf("plain")),
    emoji,
    text(leaf("")),
  ),
);

describe("the editor's codec, while editing", () => {
  it("keeps GitBook's split of texts in a layout, not in opaque nodes", () => {
    const [block] = toEditor(SLATE).content ?? [];
    expect(block?.type).toBe("paragraph");
    expect(block?.attrs?.layout).not.toBeNull();
    expect(block?.content?.map((item) => item.type)).toEqual(["text", "text", "text", "emoji"]);
    expect(fromEditor(loaded(SLATE))).toStrictEqual(SLATE);
  });

  it("writes an edited textblock in the canonical form", () => {
    const json = loaded(SLATE);
    const items = json.content?.[0]?.content ?? [];
    const edited = { ...items[2], text: "plain!" } as PmNode;
    const changed = {
      ...json,
      content: [{ ...json.content?.[0], content: [items[0], items[1], edited, items[3]] }],
    };
    const node = editorSchema.nodeFromJSON(changed);
    node.check();
    expect(fromEditor(node.toJSON() as PmNode).nodes).toStrictEqual([
      paragraph(
        link("https://x.test", text(leaf("a link"))),
        text(leaf("red ", mark("bold"), color), leaf("plain!")),
        emoji,
      ),
    ]);
  });

  it("writes nodes the editor made as GitBook writes them (keys assigned where stored)", () => {
    const made: PmNode = {
      type: "doc",
      content: [
        {
          type: "heading",
          attrs: { level: 2, id: "setup" },
          content: [{ type: "text", text: "Setup" }],
        },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "one", marks: [{ type: "bold" }] },
            { type: "hardBreak", marks: [{ type: "bold" }] },
            {
              type: "text",
              text: "two",
              marks: [{ type: "link", attrs: { ref: { kind: "page", page: "p" } } }],
            },
          ],
        },
        {
          type: "taskList",
          content: [
            { type: "listItem", attrs: { checked: false }, content: [{ type: "paragraph" }] },
          ],
        },
        {
          type: "codeBlock",
          attrs: { syntax: "js" },
          content: [{ type: "codeLine", content: [{ type: "text", text: "x()" }] }],
        },
        { type: "hint", attrs: { style: "info" }, content: [{ type: "divider" }] },
      ],
    };
    editorSchema.nodeFromJSON(made).check();
    const document = fromEditor(made);
    expect(document.nodes[0]).toStrictEqual({
      object: "block",
      type: "heading-2",
      isVoid: false,
      data: {},
      meta: { id: "setup" },
      nodes: [text(leaf("Setup"))],
    });
    expect(document.nodes[1]).toMatchObject({
      nodes: [
        text(leaf("one\n", mark("bold"))),
        {
          object: "inline",
          type: "link",
          data: { ref: { kind: "page", page: "p" } },
          nodes: [text(leaf("two"))],
        },
      ],
    });
    expect(document.nodes[2]).toMatchObject({
      type: "list-tasks",
      nodes: [
        {
          type: "list-item",
          data: { checked: false },
          nodes: [{ type: "paragraph", nodes: [text(leaf(""))] }],
        },
      ],
    });
    expect(DocumentSchema.safeParse(document).success).toBe(true);
    assignKeys(document);
    expect(officialShapeErrors(document)).toEqual([]);
  });

  it("shows known fields as attributes and keeps unknown ones in extra", () => {
    const image = {
      object: "block",
      type: "image",
      key: "i1",
      isVoid: true,
      data: { ref: { kind: "url", url: "https://x.test/a.png" }, future: [1] },
      fragments: [],
    };
    const images = {
      object: "block",
      type: "images",
      key: "g1",
      isVoid: false,
      data: {},
      nodes: [image],
    };
    const [node] = toEditor(doc(images)).content ?? [];
    expect(node?.content?.[0]?.attrs).toMatchObject({
      ref: image.data.ref,
      key: "i1",
      extra: { isVoid: true, data: { future: [1] } },
    });
    expect(fromEditor(loaded(doc(images)))).toStrictEqual(doc(images));
  });

  it("carries unknown blocks, inlines and marks opaque, byte for byte", () => {
    const future = {
      object: "block",
      type: "future",
      data: { z: 1, a: [null] },
      nodes: [paragraph(text(leaf("x")))],
    };
    const odd = mark("future-mark", { b: 2, a: 1 });
    const document = doc(
      future,
      paragraph(text(leaf("y", odd)), { object: "inline", type: "future-inline" }),
    );
    const json = loaded(document);
    expect(json.content?.[0]).toEqual({ type: "opaqueBlock", attrs: { json: future } });
    expect(json.content?.[1]?.content?.map((item) => item.marks?.[0]?.type ?? item.type)).toEqual([
      "opaqueMark",
      "opaqueInline",
    ]);
    expect(JSON.stringify(fromEditor(json))).toBe(JSON.stringify(document));
  });

  it("keeps a table's definition and records in attributes and its text cells as fragments", () => {
    const cell = (name: string, value: string) => ({
      object: "fragment",
      fragment: name,
      nodes: [paragraph(text(leaf(value)))],
    });
    const table = {
      object: "block",
      type: "table",
      key: "t1",
      isVoid: true,
      data: {
        view: { type: "grid", columns: ["c0", "c1"], hideHeader: false },
        records: { r0: { orderIndex: "a0", values: { c0: "f0", c1: 3 } } },
        definition: {
          c0: { id: "c0", title: "A", type: "text", textAlignment: "left" },
          c1: { id: "c1", title: "N", type: "number" },
        },
      },
      fragments: [cell("f0", "text cell")],
    };
    const [node] = toEditor(doc(table)).content ?? [];
    expect(node?.attrs).toMatchObject({
      view: table.data.view,
      records: table.data.records,
      extra: null,
    });
    expect(node?.content?.map((f) => f.attrs?.name)).toEqual(["f0"]);
    expect(fromEditor(loaded(doc(table)))).toStrictEqual(doc(table));
  });
});
