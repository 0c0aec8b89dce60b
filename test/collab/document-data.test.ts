import * as Y from "yjs";
import { describe, expect, it, vi } from "vitest";
import { postContent, crRow } from "../helpers/change-requests-factories";
import { rootAttrsOf } from "../../core/collab/root";
import { open, pageDocument, paragraphDoc, roomWorld, saveNow, type } from "./client";

describe("live rooms: the Document's own data and no-op saves", () => {
  it("keeps a Document's top-level data through load, edit and write-back", async () => {
    const w = await roomWorld("Base", { schemaVersion: 1 });
    const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    await vi.waitFor(() => expect(rootAttrsOf(a.doc)?.data).toEqual({ schemaVersion: 1 }));
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
    await vi.waitFor(() => expect(a.text()).toContain("Before"));
    const data = { schemaVersion: 1, extra: "theirs" };
    const res = await postContent(w.writer, w.space.id, w.cr.id, [
      {
        operation: "update_page",
        page: w.pageId,
        document: { document: paragraphDoc("After", data) },
      },
    ]);
    expect(res.status, res.text).toBe(200);
    await vi.waitFor(() => expect(rootAttrsOf(a.doc)?.data).toEqual(data));
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
    await vi.waitFor(() => expect(a.text()).toContain("Same"));
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
