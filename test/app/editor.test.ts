import { beforeAll, describe, expect, it, vi } from "vitest";
import { fromEditor } from "../../core/editor/from-editor";
import type { PmNode } from "../../core/editor/pm-json";
import { commitChanges, makeContentSpace, proposeChanges } from "../helpers/content-factories";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, asPerson, postForm, screenOf } from "../helpers/app-fetch";
import { as } from "../helpers/api";
import { getSchema } from "@tiptap/core";
import type { MarkType, NodeType } from "@tiptap/pm/model";
import { EditorState, TextSelection, type Transaction } from "@tiptap/pm/state";
import {
  initProseMirrorDoc,
  ProsemirrorBinding,
  prosemirrorToYXmlFragment,
  yXmlFragmentToProseMirrorRootNode,
  ySyncPlugin,
  yUndoPlugin,
  yUndoPluginKey,
} from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { moveBlockTo, moveSelectedBlocks } from "../../app/client/editor/block-moves";
import { caretAwareWrites, caretDiff } from "../../app/client/editor/caret-diff";
import { whenTypingPauses } from "../../app/client/editor/telling";
import { lazyUndoSelection } from "../../app/client/editor/live-speed";
import {
  applyRepairingMoves,
  compactedState,
  KEEP_MOVED_MS,
  keepMoved,
  type MoveTimes,
} from "../../src/collab/moves";
import { splitMemory } from "../../src/collab/splits";
import { enterAtStart, itemBefore } from "../../app/client/editor/writing";
import { schemaExtensions } from "../../app/client/editor/extensions";
import { editorSchema } from "../../core/editor/schema";
import { toEditor } from "../../core/editor/to-editor";
import { parseMarkdown } from "../../core/document";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "../content/document/fixtures";
import { FOREIGN_DOCUMENTS } from "../content/document/foreign-documents";
import { emptyStorage } from "../helpers/storage";

/**
 * The edit screen of a page in a change request (app/src/screens/editor) through the app's
 * entry: the editor's mount, its module and stylesheet, the page's ProseMirror JSON as data
 * that the codec reads back to the stored document; the same not-found for a person of another
 * organization as for nothing; the API calls it makes.
 */

const EDITOR_DOC = /<script type="application\/json" id="editor-doc">([\s\S]*?)<\/script>/;

/**
 * The browser editor's Tiptap extensions (app/client/editor/extensions.ts) are derived from the
 * codec's spec: their ProseMirror schema must be the codec's `editorSchema`, or the editor
 * would hold documents the codec cannot write back (or refuse ones it can).
 */

const tiptapSchema = getSchema(schemaExtensions());

const NODE_FIELDS = ["content", "group", "inline", "atom", "marks", "code", "defining"] as const;

const MARK_FIELDS = ["excludes", "inclusive"] as const;

/** What of a type matters to the documents it accepts and to the codec: its spec and attrs. */
function shape(type: NodeType | MarkType, fields: readonly string[]): Record<string, unknown> {
  const spec = type.spec as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // An absent flag and a false one are the same to ProseMirror.
  for (const field of [...fields, "isolating"]) {
    out[field] = spec[field] === undefined || spec[field] === false ? null : spec[field];
  }
  out.attrs = Object.fromEntries(
    Object.entries(type.spec.attrs ?? {}).map(([name, attr]) => [name, attr.default ?? null]),
  );
  return out;
}

/**
 * A person typing in a page bound to Yjs by y-tiptap's own binding (no DOM: a view that is its
 * state), with or without the caret-aware writes of app/client/editor/caret-diff.ts.
 */
function typist(client: number, base: Uint8Array, caretAware: boolean) {
  const doc = new Y.Doc();
  doc.clientID = client;
  Y.applyUpdate(doc, base);
  const fragment = doc.getXmlFragment("default");
  const { doc: initial, mapping } = initProseMirrorDoc(fragment, tiptapSchema);
  const binding = new ProsemirrorBinding(fragment, mapping);
  const view = { state: EditorState.create({ doc: initial }) };
  binding.prosemirrorView = view;
  if (caretAware) caretAwareWrites(binding);
  return {
    doc,
    /** Types `text` one key at a time with the caret at `at`, as the sync plugin writes it. */
    type(at: number, text: string) {
      for (const [i, key] of [...text].entries()) {
        const { tr } = view.state;
        tr.setSelection(TextSelection.create(tr.doc, at + i)).insertText(key);
        view.state = view.state.apply(tr);
        binding._prosemirrorChanged(view.state.doc);
      }
    },
    /** The sync plugin's write after a view update that changed no content (a selection). */
    again: () => binding._prosemirrorChanged(view.state.doc),
    /** Applies the transaction `make` gives (a block move), as the sync plugin writes it. */
    apply(make: (state: EditorState) => Transaction | null) {
      view.state = view.state.apply(make(view.state)!);
      binding._prosemirrorChanged(view.state.doc);
    },
    text: () => yXmlFragmentToProseMirrorRootNode(fragment, tiptapSchema).textContent,
    blocks: () =>
      yXmlFragmentToProseMirrorRootNode(fragment, tiptapSchema).content.content.map(
        (n) => n.textContent,
      ),
    local: () => view.state.doc,
  };
}

/** Two people typing at once before the same "b" of "xb", then exchanging their updates. */
function typeTogether(caretAware: boolean): string {
  const page = tiptapSchema.nodeFromJSON(toEditor(parseMarkdown("xb").document));
  const seed = new Y.Doc();
  prosemirrorToYXmlFragment(page, seed.getXmlFragment("default"));
  const base = Y.encodeStateAsUpdate(seed);
  const ada = typist(1, base, caretAware);
  const bo = typist(2, base, caretAware);
  ada.type(2, "cab");
  bo.type(2, "Z");
  expect(ada.text()).toBe("xcabb");
  expect(tiptapSchema.nodeFromJSON(ada.local().toJSON()).eq(ada.local())).toBe(true);
  Y.applyUpdate(ada.doc, Y.encodeStateAsUpdate(bo.doc));
  Y.applyUpdate(bo.doc, Y.encodeStateAsUpdate(ada.doc));
  expect(bo.text()).toBe(ada.text());
  return ada.text();
}

/** The room's move times (its RoomStore keeps them in the object's SQLite) in a Map. */
function moveTimes(): MoveTimes & { noted: Map<string, number> } {
  const noted = new Map<string, number>();
  return {
    noted,
    movedAt: (id) => noted.get(id),
    noteMove: (id, at) => void noted.set(id, noted.get(id) ?? at),
    hasMoves: () => noted.size > 0,
    forgetMovesBefore: (at) => {
      for (const [id, movedAt] of noted) if (movedAt < at) noted.delete(id);
    },
  };
}

/** How many times `text` appears in a Yjs update (its strings are stored as UTF-8). */
function occurrences(update: Uint8Array, text: string): number {
  return new TextDecoder("latin1").decode(update).split(text).length - 1;
}

/**
 * A page of `markdown` as a live room starts it: the seed's base update and the room's Y doc,
 * which keeps moved originals (`keepMoved`, with `times` and `now`), with its split memory.
 */
function liveRoom(markdown: string, times: MoveTimes = moveTimes(), now?: () => number) {
  const page = tiptapSchema.nodeFromJSON(toEditor(parseMarkdown(markdown).document));
  const seed = new Y.Doc();
  prosemirrorToYXmlFragment(page, seed.getXmlFragment("default"));
  const base = Y.encodeStateAsUpdate(seed);
  const room: Y.Doc = new Y.Doc({ gcFilter: keepMoved(() => room, times, now) });
  Y.applyUpdate(room, base);
  return { page, seed, base, room, memory: splitMemory() };
}

/**
 * Ada moves "Three." to the front while Bo types at its end; the room (a Y doc that keeps moved
 * originals, `keepMoved`, and repairs with `applyRepairingMoves`) gets the two updates in
 * `order`, then each person gets the room's state. Gives each one's blocks and the repairs.
 */
function moveWhileTyping(order: "move first" | "typing first") {
  const { page, base, room, memory } = liveRoom("One.\n\nTwo.\n\nThree.");
  const ada = typist(1, base, true);
  const bo = typist(2, base, true);
  const before = Y.encodeStateVector(room);
  ada.apply((state) => moveBlockTo(state, 2, 0));
  bo.type(page.content.size - 1, " typed by b");
  expect([ada.blocks(), bo.text()]).toEqual([
    ["Three.", "One.", "Two."],
    "One.Two.Three. typed by b",
  ]);
  const updates = [ada, bo].map((who) => Y.encodeStateAsUpdate(who.doc, before));
  if (order === "typing first") updates.reverse();
  const repairs = updates.map((update) => applyRepairingMoves(room, update, "socket", memory));
  // An update the room has already is no repair again (nor is a replay: the room's wake).
  expect(applyRepairingMoves(room, updates[1]!, "socket", memory)).toBe(0);
  for (const who of [ada, bo]) Y.applyUpdate(who.doc, Y.encodeStateAsUpdate(room));
  return {
    room: room.getXmlFragment("default").length,
    ada: ada.blocks(),
    bo: bo.blocks(),
    repairs,
  };
}

/**
 * Bo types at the end of "Start." while Ada types "Bea first." at its start and presses Enter
 * there: y-tiptap writes her split as the delete of the paragraph's tail and a new paragraph
 * holding it, so Bo's letters in flight (anchored after a deleted letter of the tail) land in
 * the first paragraph unless the room re-homes them (`applyRepairingMoves`). The room gets the
 * two updates in `order`, then Bo's next letters typed before he saw anything (`chained`).
 */
function splitWhileTyping(order: "split first" | "typing first" | "split before its keys") {
  const { base, room, memory } = liveRoom("Start.");
  const bo = typist(2, base, true);
  bo.type(7, " Owner w");
  Y.applyUpdate(room, Y.encodeStateAsUpdate(bo.doc));
  const ada = typist(1, Y.encodeStateAsUpdate(room), true);
  const before = Y.encodeStateVector(room);
  ada.type(1, "Bea first.");
  const keys = Y.encodeStateAsUpdate(ada.doc, before);
  const typed = Y.encodeStateVector(ada.doc);
  ada.apply((state) =>
    state.tr.split(11, 1, [{ type: state.schema.nodes.paragraph!, attrs: { key: null } }]),
  );
  bo.type(15, "as");
  expect(ada.blocks()).toEqual(["Bea first.", "Start. Owner w"]);
  const updates = [ada, bo].map((who) => Y.encodeStateAsUpdate(who.doc, before));
  if (order === "typing first") updates.reverse();
  // Ada's two messages reordered on the way: the split's delete applies at once, its new block
  // waits in Yjs (pending) for the keys before it, which come after Bo's.
  if (order === "split before its keys") {
    updates.splice(0, 2, Y.encodeStateAsUpdate(ada.doc, typed), updates[1]!, keys);
  }
  const repairs = updates.map((update) => applyRepairingMoves(room, update, "socket", memory));
  const sent = Y.encodeStateVector(room);
  bo.type(17, " here.");
  repairs.push(applyRepairingMoves(room, Y.encodeStateAsUpdate(bo.doc, sent), "socket", memory));
  for (const who of [ada, bo]) Y.applyUpdate(who.doc, Y.encodeStateAsUpdate(room));
  return { ada: ada.blocks(), bo: bo.blocks(), repairs };
}

describe("editor-screen", () => {
  describe("the edit screen", () => {
    let session: TestSession;
    let outsider: TestSession;
    let reader: TestSession;
    let spaceId: string;
    let number: number;
    let token: string;
    const secretTitle = "Secret Launch Plan";

    beforeAll(async () => {
      const { org, owner } = await makeOrg({ title: "Acme Docs" });
      session = await makeSession(owner.user.id);
      token = owner.token;
      const space = await makeContentSpace(org.id, owner, "Handbook");
      spaceId = space.id;
      await commitChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Other page", document: { markdown: "Other." } },
      ]);
      const cr = await proposeChanges(space.id, owner.user.id, [
        {
          operation: "insert_page",
          title: secretTitle,
          document: { markdown: "# Hello </script>\n\n* [x] done\n\n```js\nlet a = 1 < 2;\n```\n" },
        },
      ]);
      number = cr.number;
      reader = await makeSession((await makeMember(org.id, "read")).user.id);
      const other = await makeOrg();
      outsider = await makeSession(other.owner.user.id);
    });

    const editPath = () => `/s/${spaceId}/~/changes/${number}/secret-launch-plan`;

    it("renders the editor on the page's document, read back unchanged by the codec", async () => {
      const { res, text, paths } = await appFetch(editPath(), asPerson(session));
      expect(res.status, text).toBe(200);
      expect(text).toContain("data-editor");
      expect(text).toContain('src="/_app/js/editor.js"');
      expect(text).toContain('href="/_app/css/editor.css"');
      expect(text).toContain("Editing needs JavaScript");
      expect(text).toContain(`<h1>${secretTitle}</h1>`);
      const json = EDITOR_DOC.exec(text)?.[1] ?? "";
      expect(json).not.toContain("</script>");
      const stored = await as(token).get(
        `/spaces/${spaceId}/change-requests/${number}/content/path/secret-launch-plan`,
      );
      expect(stored.status).toBe(200);
      expect(fromEditor(JSON.parse(json) as PmNode)).toEqual(stored.body.document);
      // The person, then the change request, the page and the space in one parallel wave.
      expect(paths).toEqual([
        "GET /v1/user",
        `GET /v1/spaces/${spaceId}/change-requests/${number}`,
        `GET /v1/spaces/${spaceId}/change-requests/${number}/content/path/secret-launch-plan`,
        `GET /v1/spaces/${spaceId}`,
      ]);
      // The live room's presence names the person; a writer may edit.
      expect(text).toContain(`data-person-id="${session.userId}"`);
      expect(text).toContain('data-can-edit="true"');
      expect(text).toContain("Editing in change request");
    });

    it("tells the editor that a reader may read along but not edit", async () => {
      const { res, text } = await appFetch(editPath(), asPerson(reader));
      expect(res.status, text).toBe(200);
      expect(text).toContain('data-can-edit="false"');
      expect(text).toContain("Reading in change request");
      expect(text).not.toContain("Editing in change request");
    });

    it("answers another organization's person the same not-found as for nothing", async () => {
      const theirs = await appFetch(editPath(), asPerson(outsider));
      const nothing = await appFetch(
        `/s/space_nothing/~/changes/1/secret-launch-plan`,
        asPerson(outsider),
      );
      expect(theirs.res.status).toBe(404);
      expect(nothing.res.status).toBe(404);
      expect(theirs.text).toBe(nothing.text);
      expect(theirs.text).not.toContain(secretTitle);
    });

    it("answers not-found for a page or a change request that is not there", async () => {
      const page = await appFetch(
        `/s/${spaceId}/~/changes/${number}/no-such-page`,
        asPerson(session),
      );
      expect(page.res.status).toBe(404);
      const cr = await appFetch(
        `/s/${spaceId}/~/changes/999/secret-launch-plan`,
        asPerson(session),
      );
      expect(cr.res.status).toBe(404);
    });

    it("sends a person who is not signed in to the sign-in, and back", async () => {
      const { res } = await appFetch(editPath());
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent(editPath())}`);
    });
  });
});

describe("editor-extensions", () => {
  beforeAll(emptyStorage);
  describe("the editor's Tiptap extensions", () => {
    it("build the codec's schema: the same nodes and marks, specs and attribute defaults", () => {
      expect(Object.keys(tiptapSchema.nodes).sort()).toEqual(
        Object.keys(editorSchema.nodes).sort(),
      );
      expect(Object.keys(tiptapSchema.marks).sort()).toEqual(
        Object.keys(editorSchema.marks).sort(),
      );
      for (const [name, type] of Object.entries(editorSchema.nodes)) {
        const other = tiptapSchema.nodes[name] as NodeType;
        expect({ name, ...shape(other, NODE_FIELDS) }).toEqual({
          name,
          ...shape(type, NODE_FIELDS),
        });
      }
      for (const [name, type] of Object.entries(editorSchema.marks)) {
        const other = tiptapSchema.marks[name] as MarkType;
        expect({ name, ...shape(other, MARK_FIELDS) }).toEqual({
          name,
          ...shape(type, MARK_FIELDS),
        });
      }
      expect(tiptapSchema.topNodeType.name).toBe(editorSchema.topNodeType.name);
    });

    it("hold every fixture document and give it back unchanged", () => {
      const markdowns = [
        REALISTIC_PAGE,
        ...CANONICAL_SAMPLES.map(([, md]) => md),
        ...TRICKY_SAMPLES,
      ];
      const documents = [
        ...markdowns.map((markdown) => parseMarkdown(markdown).document),
        ...FOREIGN_DOCUMENTS.map(([, document]) => document),
      ] as Array<Parameters<typeof toEditor>[0]>;
      for (const document of documents) {
        const node = tiptapSchema.nodeFromJSON(toEditor(document));
        node.check();
        expect(fromEditor(node.toJSON() as PmNode)).toEqual(document);
      }
    });

    it("move top-level blocks whole: keys and text kept, the caret in its text, ends refused", () => {
      const document = parseMarkdown("Alpha.\n\n## Beta\n\n- Gamma\n\nDelta.").document;
      const doc = tiptapSchema.nodeFromJSON(toEditor(document as Parameters<typeof toEditor>[0]));
      const at = EditorState.create({ doc, selection: TextSelection.create(doc, 3) });
      const texts = (state: EditorState) => {
        const out: string[] = [];
        state.doc.forEach((node) => out.push(node.textContent));
        return out;
      };
      const keys = (state: EditorState) =>
        fromEditor(state.doc.toJSON() as PmNode).nodes.map((n) => n.key);
      const down = at.apply(moveSelectedBlocks(at, 1)!);
      expect(texts(down)).toEqual(["Beta", "Alpha.", "Gamma", "Delta."]);
      expect(down.selection.$from.parent.textContent).toBe("Alpha.");
      expect(down.selection.$from.parentOffset).toBe(2);
      expect(keys(down).sort()).toEqual(keys(at).sort());
      expect(moveSelectedBlocks(at, -1)).toBeNull();
      const dragged = at.apply(moveBlockTo(at, 3, 1)!);
      expect(texts(dragged)).toEqual(["Alpha.", "Delta.", "Beta", "Gamma"]);
      expect(dragged.selection.$from.parent.textContent).toBe("Delta.");
      expect(texts(at.apply(moveBlockTo(at, 0, 4)!))).toEqual([
        "Beta",
        "Gamma",
        "Delta.",
        "Alpha.",
      ]);
      expect(moveBlockTo(at, 1, 2)).toBeNull();
      expect(moveBlockTo(at, 1, 1)).toBeNull();
    });
  });
  describe("caret-aware writes to the live document", () => {
    it("keep letters typed before an identical character in the typist's order", () => {
      // y-tiptap alone writes Ada's last "b" after the original one, so Bo's "Z" splits "cab".
      expect(typeTogether(false)).toBe("xcaZbb");
      expect(typeTogether(true)).toBe("xcabZb");
    });

    it("write a document once: a view update that changed no content opens no Yjs transaction", () => {
      const page = tiptapSchema.nodeFromJSON(toEditor(parseMarkdown("xb").document));
      const seed = new Y.Doc();
      prosemirrorToYXmlFragment(page, seed.getXmlFragment("default"));
      const ada = typist(1, Y.encodeStateAsUpdate(seed), true);
      ada.type(2, "a");
      let opened = 0;
      ada.doc.on("beforeTransaction", () => opened++);
      ada.again();
      expect(opened).toBe(0);
      ada.type(3, "b");
      expect(opened).toBe(1);
      expect(ada.text()).toBe("xabb");
    });

    it("choose the insertion or deletion the caret names, or none when it names none", () => {
      expect(caretDiff("xb", "xbb", 2)).toEqual({ index: 1, remove: 0, insert: "b" });
      expect(caretDiff("aab", "ab", 0)).toEqual({ index: 0, remove: 1, insert: "" });
      expect(caretDiff("abc", "abXc", 1)).toBeNull();
      expect(caretDiff("abc", "aXc", 2)).toBeNull();
      // Never between the halves of a surrogate pair.
      expect(caretDiff("\u{1F600}", "\u{1F600}\u{1F600}", 3)).toBeNull();
    });
  });
  describe("the live undo state", () => {
    it("keeps the undo selection on a transaction that changes no content, computes it on one that does", () => {
      const page = tiptapSchema.nodeFromJSON(toEditor(parseMarkdown("One.\n\nTwo.").document));
      const doc = new Y.Doc();
      const fragment = doc.getXmlFragment("default");
      prosemirrorToYXmlFragment(page, fragment);
      const undo = yUndoPlugin();
      lazyUndoSelection(undo);
      let state = EditorState.create({ doc: page, plugins: [ySyncPlugin(fragment), undo] });
      state = state.apply(state.tr.insertText("x", 2));
      const kept = yUndoPluginKey.getState(state).prevSel;
      expect(kept).not.toBeNull();
      const moved = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 8)));
      expect(yUndoPluginKey.getState(moved).prevSel).toBe(kept);
      const typed = moved.apply(moved.tr.insertText("y", 8));
      expect(yUndoPluginKey.getState(typed).prevSel).not.toBe(kept);
    });
  });
  describe("telling the save loop what the editor holds", () => {
    it("waits for a pause in the typing, or the longest wait, and tells at once when flushed", () => {
      vi.useFakeTimers();
      try {
        let told = 0;
        const tell = whenTypingPauses(() => told++, 300, 2000);
        // Keys 60 ms apart for a second: nothing told between them, once after the pause.
        for (let i = 0; i < 16; i++) {
          tell.run();
          vi.advanceTimersByTime(60);
        }
        expect(told).toBe(0);
        vi.advanceTimersByTime(300);
        expect(told).toBe(1);
        // Typing that goes on is told every longest wait.
        for (let i = 0; i < 50; i++) {
          tell.run();
          vi.advanceTimersByTime(60);
        }
        expect(told).toBe(2);
        // The page is hidden: what is pending is told now, and only once.
        tell.flush();
        expect(told).toBe(3);
        tell.flush();
        vi.advanceTimersByTime(5000);
        expect(told).toBe(3);
      } finally {
        vi.useRealTimers();
      }
    });
  });
  describe("a block split while another person types at its end", () => {
    it("keeps the letters in flight with the text they followed: the room re-homes them", () => {
      for (const order of ["split first", "typing first", "split before its keys"] as const) {
        const out = splitWhileTyping(order);
        expect(out.ada, order).toEqual(["Bea first.", "Start. Owner was here."]);
        expect(out.bo, order).toEqual(out.ada);
        expect(
          out.repairs.reduce((a, b) => a + b, 0),
          order,
        ).toBe(2);
      }
    });
  });
  describe("a moved block's original in the room", () => {
    it("is kept a week for letters still typed into it, then collected when the room compacts", () => {
      let now = Date.parse("2026-12-04T10:00:00Z");
      const times = moveTimes();
      const { seed, base, room } = liveRoom("One.\n\nTwo.\n\nThree is moved.", times, () => now);
      const ada = typist(1, base, true);
      ada.apply((state) => moveBlockTo(state, 2, 0));
      applyRepairingMoves(
        room,
        Y.encodeStateAsUpdate(ada.doc, Y.encodeStateVector(room)),
        "socket",
        splitMemory(),
      );
      expect([...times.noted.values()]).toEqual([now]);
      // Within the week the snapshot keeps both (the copy and the deleted original)...
      now += KEEP_MOVED_MS - 1;
      const kept = compactedState(room, times, undefined, () => now);
      expect(occurrences(kept, "Three is moved.")).toBe(2);
      // ...a rebuilt room too; after it, only the copy, and the move is forgotten.
      now += 2;
      const collected = compactedState(room, times, undefined, () => now);
      expect(occurrences(collected, "Three is moved.")).toBe(1);
      expect(times.hasMoves()).toBe(false);
      const rebuilt = new Y.Doc();
      Y.applyUpdate(rebuilt, collected);
      expect(
        yXmlFragmentToProseMirrorRootNode(rebuilt.getXmlFragment("default"), tiptapSchema)
          .textContent,
      ).toBe("Three is moved.One.Two.");
      // A room with no move compacts to its plain state.
      const plain = moveTimes();
      expect(compactedState(seed, plain)).toEqual(Y.encodeStateAsUpdate(seed));
    });
  });
  describe("a block moved while another person types in it", () => {
    it("keeps the letters typed into it: the room types them again into the moved copy", () => {
      for (const order of ["move first", "typing first"] as const) {
        const out = moveWhileTyping(order);
        expect(out.ada).toEqual(["Three. typed by b", "One.", "Two."]);
        expect(out.bo).toEqual(out.ada);
        expect(out.repairs.reduce((a, b) => a + b, 0)).toBe(1);
      }
      // A block deleted (not moved) while someone types in it stays deleted: no copy to type into.
      const { base, room } = liveRoom("One.\n\nTwo.");
      const ada = typist(1, base, true);
      const bo = typist(2, base, true);
      ada.apply((state) => state.tr.delete(0, state.doc.child(0).nodeSize));
      bo.type(5, "!");
      expect(
        applyRepairingMoves(room, Y.encodeStateAsUpdate(bo.doc), "socket", splitMemory()),
      ).toBe(0);
      expect(
        applyRepairingMoves(room, Y.encodeStateAsUpdate(ada.doc), "socket", splitMemory()),
      ).toBe(0);
      expect(room.getXmlFragment("default").toArray().length).toBe(1);
    });
  });
  describe("Enter at the start of a block", () => {
    it("puts the new empty block before it: the text keeps its key (and its comments)", () => {
      const doc = tiptapSchema.nodeFromJSON(toEditor(parseMarkdown("# One\n\nTwo.\n").document));
      const [heading, paragraph] = [doc.child(0), doc.child(1)];
      const at = (state: EditorState, pos: number) =>
        state.apply(state.tr.setSelection(TextSelection.create(state.doc, pos)));
      const state = at(EditorState.create({ doc }), heading.nodeSize + 1);
      const next = state.apply(enterAtStart(state)!);
      expect(next.doc.childCount).toBe(3);
      expect(next.doc.child(1).attrs).toMatchObject({ key: null });
      expect(next.doc.child(1).textContent).toBe("");
      expect(next.doc.child(2).attrs.key).toBe(paragraph.attrs.key);
      expect(next.doc.child(2).textContent).toBe("Two.");
      expect(next.selection.$from.parent).toBe(next.doc.child(2));
      // A heading's level is kept by the new block; elsewhere than the start, Enter splits as usual.
      const onHeading = at(EditorState.create({ doc }), 1);
      expect(onHeading.apply(enterAtStart(onHeading)!).doc.child(0).attrs).toMatchObject({
        level: heading.attrs.level,
        key: null,
      });
      expect(enterAtStart(at(EditorState.create({ doc }), 2))).toBeNull();
      // In a list: a new empty item before the item, which keeps its key.
      const list = tiptapSchema.nodeFromJSON(toEditor(parseMarkdown("- One\n- Two\n").document));
      const items = list.child(0);
      const onTwo = at(EditorState.create({ doc: list }), 1 + items.child(0).nodeSize + 2);
      const split = onTwo.apply(itemBefore(onTwo, false)!).doc.child(0);
      expect(split.childCount).toBe(3);
      expect([split.child(1).attrs.key, split.child(1).textContent]).toEqual([null, ""]);
      expect([split.child(2).attrs.key, split.child(2).textContent]).toEqual([
        items.child(1).attrs.key,
        "Two",
      ]);
    });
  });
});

describe("page-settings", () => {
  beforeAll(emptyStorage);
  /**
   * The page settings form of the edit screen (app/src/screens/editor/settings-view.tsx) through
   * the app's entry: the page's values shown, a save as one `update_page` (title, emoji, icon,
   * description, slug, hidden) then the edit screen at the page's new path saying so, a refused
   * field (a slug a sibling has, an invalid one) shown under that field with what was typed,
   * and no form for a reader (whose post the API refuses anyway).
   */

  describe("the page settings of the edit screen", () => {
    let session: TestSession;
    let reader: TestSession;
    let token: string;
    let spaceId: string;
    let number: number;
    let pageId: string;

    beforeAll(async () => {
      const { org, owner } = await makeOrg({ title: "Acme Docs" });
      session = await makeSession(owner.user.id);
      token = owner.token;
      const space = await makeContentSpace(org.id, owner, "Handbook");
      spaceId = space.id;
      const cr = await proposeChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Install", document: { markdown: "Steps." } },
        { operation: "insert_page", title: "Usage", document: { markdown: "Use." } },
      ]);
      number = cr.number;
      const read = await as(token).get(
        `/spaces/${spaceId}/change-requests/${number}/content/path/install`,
      );
      pageId = read.body.id;
      reader = await makeSession((await makeMember(org.id, "read")).user.id);
    });

    const base = () => `/s/${spaceId}/~/changes/${number}`;
    const action = () => `${base()}/~/settings/${pageId}`;
    const fields = (over: Record<string, string>) => ({
      path: "install",
      title: "Install",
      emoji: "",
      icon: "",
      description: "",
      slug: "install",
      ...over,
    });

    it("shows the page's settings in a form posting to the app", async () => {
      const { res, text } = await screenOf(session, `${base()}/install`);
      expect(res.status, text).toBe(200);
      expect(text).toContain("<summary>Page settings</summary>");
      expect(text).toContain(`action="${action()}"`);
      expect(text).toContain('name="slug" type="text" value="install"');
      expect(text).toContain('name="hidden" value="yes"');
    });

    it("saves every setting in one update_page, then shows the page at its new path", async () => {
      const saved = await postForm(
        session,
        action(),
        fields({
          title: "Installing",
          emoji: "🚀",
          icon: "rocket",
          description: "How to install",
          slug: "installing",
          hidden: "yes",
        }),
      );
      expect(saved.res.status, saved.text).toBe(303);
      expect(saved.res.headers.get("Location")).toBe(`${base()}/installing?done=settings`);
      expect(saved.paths).toContain(`POST /v1/spaces/${spaceId}/change-requests/${number}/content`);
      const page = await as(token).get(
        `/spaces/${spaceId}/change-requests/${number}/content/page/${pageId}`,
      );
      expect(page.body).toMatchObject({
        title: "Installing",
        emoji: "1f680",
        icon: "rocket",
        description: "How to install",
        slug: "installing",
        hidden: true,
        path: "installing",
      });
      const shown = await screenOf(session, `${base()}/installing?done=settings`);
      expect(shown.text).toContain("Page settings saved.");
      expect(shown.text).toContain('name="emoji" type="text" value="🚀"');
      expect(shown.text).toMatch(/name="hidden" value="yes" checked/);
    });

    it("shows a slug a sibling has under the slug field, keeping what was typed", async () => {
      const taken = await postForm(
        session,
        action(),
        fields({ path: "installing", title: "Kept title", slug: "usage" }),
      );
      expect(taken.res.status).toBe(400);
      expect(taken.text).toContain('id="f-slug-error"');
      expect(taken.text).toContain("already used by a sibling page");
      expect(taken.text).toContain('value="Kept title"');
      expect(taken.text).toMatch(/<details class="q-ed-settings" open/);
      const invalid = await postForm(
        session,
        action(),
        fields({ path: "installing", slug: "Not A Slug" }),
      );
      expect(invalid.res.status).toBe(400);
      expect(invalid.text).toContain('id="f-slug-error"');
      expect(invalid.text).toContain("lowercase letters and digits");
      const untitled = await postForm(session, action(), fields({ path: "installing", title: "" }));
      expect(untitled.res.status).toBe(400);
      expect(untitled.text).toContain('id="f-title-error"');
    });

    it("offers a reader no settings, and the API refuses their post", async () => {
      const { text } = await screenOf(reader, `${base()}/installing`);
      expect(text).not.toContain("Page settings");
      const refused = await postForm(
        reader,
        action(),
        fields({ path: "installing", title: "Mine" }),
      );
      expect(refused.res.status).toBe(403);
    });
  });
});
