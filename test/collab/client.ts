import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import { expect, vi } from "vitest";
import {
  createCr,
  makeCrWorld,
  postContent,
  seedThroughCr,
} from "../helpers/change-requests-factories";
import { makeMember } from "../helpers/factories";
import { as } from "../helpers/api";
import { roomKey, roomName } from "../../src/services/collab/live-rooms";

/**
 * How long a live room's test waits for what the room sends (vi.waitFor's own default, 1 s, is
 * too short on a loaded 2-core machine: 210 messages or a save can take longer there).
 */
export const SETTLE = { timeout: 10_000, interval: 50 };

/**
 * A Yjs client of a live room for the tests: y-websocket's protocol over the socket the Worker's
 * upgrade answers, through `SELF.fetch`.
 */
export interface TestClient {
  ws: WebSocket;
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  statuses: { saved: boolean; documentId?: string; error?: string }[];
  closed: { code: number; reason: string } | null;
  /** The page's text as the client's document holds it. */
  text(): string;
}

/** The live path of a page in a change request. */
export function livePath(spaceId: string, crId: string, pageId: string): string {
  return `https://quire.test/v1/spaces/${spaceId}/change-requests/${crId}/pages/${pageId}/live`;
}

/** The live path of a page on main (a space whose editMode is live). */
function mainLivePath(spaceId: string, pageId: string): string {
  return `https://quire.test/v1/spaces/${spaceId}/pages/${pageId}/live`;
}

/** Opens a room socket with `headers`; answers the raw response when it is not an upgrade. */
export async function connect(
  url: string,
  headers: Record<string, string>,
): Promise<TestClient | Response> {
  const res = await SELF.fetch(url, { headers: { Upgrade: "websocket", ...headers } });
  if (!res.webSocket) return res;
  const ws = res.webSocket;
  ws.accept();
  const doc = new Y.Doc();
  const awareness = new awarenessProtocol.Awareness(doc);
  clearInterval(awareness._checkInterval);
  const client: TestClient = {
    ws,
    doc,
    awareness,
    statuses: [],
    closed: null,
    text: () => JSON.stringify(doc.getXmlFragment("default").toJSON()),
  };
  // Frames arrive as Blobs in the test Worker: read in order, one after the other.
  let inbox = Promise.resolve();
  ws.addEventListener("message", (event) => {
    const raw = event.data as Blob | ArrayBuffer | string;
    inbox = inbox.then(async () => {
      if (typeof raw === "string") throw new Error(`text frame: ${raw}`);
      const data = new Uint8Array(raw instanceof Blob ? await raw.arrayBuffer() : raw);
      receive(data);
    });
  });
  const receive = (data: Uint8Array) => {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === 0) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      syncProtocol.readSyncMessage(decoder, encoder, doc, "server");
      if (encoding.length(encoder) > 1) ws.send(encoding.toUint8Array(encoder));
    } else if (type === 1) {
      awarenessProtocol.applyAwarenessUpdate(
        awareness,
        decoding.readVarUint8Array(decoder),
        "server",
      );
    } else if (type === 3) {
      client.statuses.push(JSON.parse(decoding.readVarString(decoder)));
    }
  };
  ws.addEventListener("close", (event) => {
    client.closed = { code: event.code, reason: event.reason };
  });
  doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin === "server") return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeUpdate(encoder, update);
    ws.send(encoding.toUint8Array(encoder));
  });
  return client;
}

/** Connects, expecting an upgrade. */
export async function open(url: string, headers: Record<string, string>): Promise<TestClient> {
  const client = await connect(url, headers);
  if (client instanceof Response)
    throw new Error(`no upgrade: ${client.status} ${await client.text()}`);
  await vi.waitFor(() => expect(client.statuses.length).toBeGreaterThan(0), SETTLE);
  return client;
}

/** Types `text` at the start of the first paragraph (making one when the page is empty). */
export function type(client: TestClient, text: string): void {
  const fragment = client.doc.getXmlFragment("default");
  client.doc.transact(() => {
    let paragraph = fragment.get(0) as Y.XmlElement | undefined;
    if (!paragraph) {
      paragraph = new Y.XmlElement("paragraph");
      fragment.insert(0, [paragraph]);
    }
    let t = paragraph.get(0) as Y.XmlText | undefined;
    if (!t) {
      t = new Y.XmlText();
      paragraph.insert(0, [t]);
    }
    t.insert(0, text);
  });
}

/** A paragraph Document of one text (the content batch's `document` input). */
export function paragraphDoc(text: string, data: Record<string, unknown> = {}) {
  return {
    object: "document",
    data,
    nodes: [
      {
        object: "block",
        type: "paragraph",
        data: {},
        nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
      },
    ],
  };
}

/** An organization, a writer, a change request with one page holding `text` (and `data`). */
export async function roomWorld(text = "Hello", data: Record<string, unknown> = {}) {
  const { org, owner, space } = await makeCrWorld();
  const writer = await makeMember(org.id, "edit");
  const cr = await createCr(writer, space.id, "Live");
  const created = await postContent(
    writer,
    space.id,
    cr.id,
    [{ operation: "insert_page", title: "Page", document: { document: paragraphDoc(text, data) } }],
    false,
  );
  expect(created.status, created.text).toBe(200);
  const pageId: string = created.body.changes[0].page.id;
  return {
    org,
    owner,
    space,
    writer,
    cr,
    pageId,
    url: livePath(space.id, cr.id, pageId),
    key: roomKey(space.id, cr.id),
    content: `/spaces/${space.id}/change-requests/${cr.id}/content/page/${pageId}`,
  };
}

/** A world of `roomWorld`, or of `mainRoomWorld` (whose page is on main). */
export type RoomWorld = Omit<Awaited<ReturnType<typeof roomWorld>>, "cr">;

/**
 * An organization, a writer, a space (editMode live, the default) with one page on main holding
 * `text` (put there through a merged change request), and the page's room on main.
 */
export async function mainRoomWorld(text = "Hello"): Promise<RoomWorld> {
  const { org, owner, space } = await makeCrWorld();
  const writer = await makeMember(org.id, "edit");
  const tree = await seedThroughCr(writer, space.id, [
    { operation: "insert_page", title: "Page", document: { document: paragraphDoc(text) } },
  ]);
  const pageId = tree.roots[0]!.row.pageId;
  return {
    org,
    owner,
    space,
    writer,
    pageId,
    url: mainLivePath(space.id, pageId),
    key: roomKey(space.id, null),
    content: `/spaces/${space.id}/content/page/${pageId}`,
  };
}

/** The page's room (its Durable Object stub). */
export function roomOf(w: RoomWorld) {
  const ns = env.COLLAB_ROOMS!;
  return ns.get(ns.idFromName(roomName(w.key, w.pageId)));
}

/**
 * Runs `work` with the clock (Date, the room's too: the suite runs it in its isolate) `ms` ahead,
 * so a debounced save or a re-check is due without waiting for it.
 */
export async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

/** Runs the room's alarm, its save due (past the 10 s cap), until `client` hears it saved. */
export async function saveNow(w: RoomWorld, client: TestClient): Promise<void> {
  await vi.waitFor(() => expect(client.statuses.at(-1)?.saved).toBe(false), SETTLE);
  await later(10_001, () =>
    vi.waitFor(async () => {
      await runDurableObjectAlarm(roomOf(w));
      expect(client.statuses.at(-1)).toMatchObject({ saved: true });
    }, SETTLE),
  );
}

/** The page's stored Document (in the change request, or on main), read through the API. */
export async function pageDocument(token: string, w: RoomWorld) {
  const res = await as(token).get(w.content);
  expect(res.status, res.text).toBe(200);
  return res.body.document as { data: Record<string, unknown>; nodes: unknown[] };
}
