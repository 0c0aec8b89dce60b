// A worker thread of the co-editing bench (bench/lib/collab-threads.mjs starts them): it owns a
// share of the simulated people — in the room, then on a relay — so that decoding and applying
// every update (50 Yjs documents) is spread over threads instead of queueing on one. It answers
// the main thread's commands ({ id, command, ...args } → { id, value } or { id, error }).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import {
  atHumanRate,
  ledger,
  relayClient,
  roomClient,
  typeWord,
  wordsOf,
} from "./collab-clients.mjs";

let clients = [];
let book = ledger();

/** The commands, each answering a structured-clonable value. */
const commands = {
  /** This thread's people join the room (`kind: "room"`) or a relay; a fresh ledger. */
  async join({ kind, url, token, indices, bytes }) {
    book = ledger();
    clients = [];
    for (const index of indices) {
      clients.push(
        kind === "room"
          ? await roomClient(url, token, index, book)
          : await relayClient(url, index, bytes, book),
      );
    }
    return clients.length;
  },
  synced: () => clients.every((c) => c.synced),
  /**
   * Types (room) or sends (relay) at the human rate for `ms`; answers, once every person is done,
   * this thread's event-loop delay meanwhile (p99, ms): how long arrivals queued in the bench.
   */
  async act({ kind, intervalMs, ms, total, awareness }) {
    const act = kind === "room" ? (c) => typeWord(c, awareness) : (r) => r.send();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    await atHumanRate(clients, intervalMs, ms, act, total);
    loop.disable();
    return loop.percentile(99) / 1e6;
  },
  /** Each room client's document (as XML) — for the convergence check. */
  fragments: () => clients.map((c) => c.doc.getXmlFragment("default").toString()),
  /** Each room client's words typed, words held, status messages and early close. */
  people: () =>
    clients.map((c) => ({
      index: c.index,
      typed: c.words,
      held: [...wordsOf(c)],
      statuses: c.statuses,
      closed: c.closed,
    })),
  counts: () => ({
    sentMessages: book.sentMessages,
    sentBytes: book.sentBytes,
    receivedMessages: book.receivedMessages,
  }),
  /** The ledger's raw records (the main thread matches arrivals to sends across threads). */
  ledger: () => ({ sent: book.sent, arrivals: book.arrivals }),
  close() {
    for (const c of clients) c.ws.close();
    clients = [];
    return true;
  },
};

parentPort.on("message", async ({ id, command, ...args }) => {
  try {
    parentPort.postMessage({ id, value: await commands[command](args) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.stack ?? err) });
  }
});
