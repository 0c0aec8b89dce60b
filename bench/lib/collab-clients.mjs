// The co-editing bench's simulated people (bench/collab.mjs): Node Yjs clients speaking the live
// room's protocol (y-websocket framing: 0 sync, 1 awareness, 3 Quire status) over the `ws`
// WebSocket with an API token, each typing words into the page's first paragraph at a human
// rate; and the same people on the bare relay, sending messages of the same size and rate. They
// run in worker threads (bench/lib/collab-worker.mjs), so every time is read on one clock shared
// by all threads, and a ledger keeps raw (update, time) records the main thread matches up.
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import WebSocket from "ws";
import * as Y from "yjs";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The clock every thread reads (ms): the process's start plus this thread's monotonic time. */
const now = () => performance.timeOrigin + performance.now();

/** A message of the framing: type, then the encoder's writes. */
function frame(type, write) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** Opens a WebSocket and resolves once it is open (rejects on an early close or error). */
function opened(url, headers) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.binaryType = "uint8array";
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade: ${res.statusCode}`)));
  });
}

/**
 * A thread's ledger of a run: when each update left its sender here (by Yjs client id and clock,
 * or relay person and number), every arrival a receiver here saw, and the messages sent.
 */
export function ledger() {
  return {
    sent: [],
    /** [update key, arrival time] per receiver and update. */
    arrivals: [],
    sentMessages: 0,
    sentBytes: 0,
    receivedMessages: 0,
  };
}

/** One person in the room: a Yjs document bound to the room's socket. */
export async function roomClient(url, token, index, book) {
  const doc = new Y.Doc();
  const awareness = new awarenessProtocol.Awareness(doc);
  clearInterval(awareness._checkInterval);
  const ws = await opened(url, { Authorization: `Bearer ${token}` });
  const client = { index, doc, ws, statuses: [], closed: null, words: [], synced: false };
  const send = (message) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    book.sentMessages += 1;
    book.sentBytes += message.byteLength;
    ws.send(message);
  };
  ws.on("message", (data) => {
    book.receivedMessages += 1;
    const decoder = decoding.createDecoder(new Uint8Array(data));
    const type = decoding.readVarUint(decoder);
    if (type === 0) {
      const at = now();
      const reply = encoding.createEncoder();
      encoding.writeVarUint(reply, 0);
      const kind = syncProtocol.readSyncMessage(decoder, reply, doc, "server");
      if (kind === syncProtocol.messageYjsSyncStep2) client.synced = true;
      if (encoding.length(reply) > 1) send(encoding.toUint8Array(reply));
      if (kind === syncProtocol.messageYjsUpdate) noteArrival(new Uint8Array(data), at, book);
    } else if (type === 1) {
      awarenessProtocol.applyAwarenessUpdate(
        awareness,
        decoding.readVarUint8Array(decoder),
        "server",
      );
    } else if (type === 3) {
      const status = JSON.parse(decoding.readVarString(decoder));
      client.statuses.push({ ...status, at: now() });
    }
  });
  ws.on("close", (code, reason) => (client.closed = { code, reason: String(reason) }));
  doc.on("update", (update, origin) => {
    if (origin === "server") return;
    const at = now();
    for (const struct of Y.decodeUpdate(update).structs) {
      book.sent.push([`${struct.id.client}:${struct.id.clock}`, at]);
    }
    send(frame(0, (e) => syncProtocol.writeUpdate(e, update)));
  });
  awareness.setLocalStateField("user", { name: `Bench ${index}`, colour: "#333", id: `b${index}` });
  client.presence = (cursor) => {
    awareness.setLocalStateField("cursor", cursor);
    send(
      frame(1, (e) =>
        encoding.writeVarUint8Array(
          e,
          awarenessProtocol.encodeAwarenessUpdate(awareness, [doc.clientID]),
        ),
      ),
    );
  };
  client.send = send;
  return client;
}

/** A receiver's arrival of each update in a broadcast it got (by the structs' ids). */
function noteArrival(message, at, book) {
  const decoder = decoding.createDecoder(message);
  decoding.readVarUint(decoder);
  decoding.readVarUint(decoder);
  const update = decoding.readVarUint8Array(decoder);
  for (const struct of Y.decodeUpdate(update).structs) {
    book.arrivals.push([`${struct.id.client}:${struct.id.clock}`, at]);
  }
}

/** The first paragraph's text (made on first use when the page is empty). */
function paragraphText(doc) {
  const fragment = doc.getXmlFragment("default");
  let paragraph = fragment.get(0);
  if (!paragraph) {
    paragraph = new Y.XmlElement("paragraph");
    fragment.insert(0, [paragraph]);
  }
  let text = paragraph.get(0);
  if (!(text instanceof Y.XmlText)) {
    text = new Y.XmlText();
    paragraph.insert(0, [text]);
  }
  return text;
}

/**
 * Types one word (`w<person>.<n> `) at a word boundary of the first paragraph; with `awareness`,
 * every 4th word also moves the person's cursor (an awareness update).
 */
export function typeWord(client, awareness = true) {
  const text = paragraphText(client.doc);
  const current = text.toString();
  let at = Math.floor(Math.random() * (current.length + 1));
  while (at > 0 && at < current.length && current[at - 1] !== " ") at++;
  if (at > 0 && current[at - 1] !== " ") at = current.length;
  const word = `w${client.index}.${client.words.length}`;
  client.words.push(word);
  text.insert(Math.min(at, current.length), `${word} `);
  if (awareness && client.words.length % 4 === 0) client.presence({ anchor: at, head: at });
}

/** The words of a document's text. */
export function wordsOf(client) {
  return new Set(paragraphText(client.doc).toString().split(/\s+/).filter(Boolean));
}

/**
 * Runs `act(client)` for each client every `intervalMs` (jittered) until `ms` passed; the first
 * acts are spread over one interval by each client's index among `total` (all threads' clients).
 */
export async function atHumanRate(clients, intervalMs, ms, act, total = clients.length) {
  const until = performance.now() + ms;
  await Promise.all(
    clients.map(async (client) => {
      await sleep((client.index * intervalMs) / total);
      while (performance.now() < until) {
        act(client);
        await sleep(intervalMs * (0.5 + Math.random()));
      }
    }),
  );
}

/** One person on the relay: sends `bytes`-byte messages stamped with (person, n). */
export async function relayClient(url, index, bytes, book) {
  const ws = await opened(url, {});
  let n = 0;
  ws.on("message", (data) => {
    const at = now();
    book.receivedMessages += 1;
    const view = new DataView(new Uint8Array(data).buffer);
    book.arrivals.push([`${view.getUint32(0)}:${view.getUint32(4)}`, at]);
  });
  return {
    index,
    ws,
    send() {
      const message = new Uint8Array(Math.max(bytes, 8));
      const view = new DataView(message.buffer);
      view.setUint32(0, index);
      view.setUint32(4, n);
      book.sent.push([`${index}:${n}`, now()]);
      n += 1;
      book.sentMessages += 1;
      ws.send(message);
    },
  };
}
