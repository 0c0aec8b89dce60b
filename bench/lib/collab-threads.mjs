// The co-editing bench's people spread over worker threads (bench/collab.mjs): each thread
// (bench/lib/collab-worker.mjs) owns every `threads`-th person, in the room and on the relays
// alike, so the room's and the relays' clients run the same way; this side sends commands to all
// threads and joins their answers — the delays by matching each arrival to its send, every time
// read on the one clock all threads share (`now` in bench/lib/collab-clients.mjs).
import { Worker } from "node:worker_threads";

/** Starts `threads` worker threads sharing `clients` people; answers the pool's commands. */
export function startClientThreads(threads, clients) {
  const count = Math.max(1, Math.min(threads, clients));
  let next = 0;
  const waiting = new Map();
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(new URL("./collab-worker.mjs", import.meta.url));
    worker.on("message", ({ id, value, error }) => {
      const pending = waiting.get(id);
      waiting.delete(id);
      if (error) pending?.reject(new Error(error));
      else pending?.resolve(value);
    });
    worker.on("error", (err) => {
      for (const pending of waiting.values()) pending.reject(err);
      waiting.clear();
    });
    return worker;
  });
  const ask = (worker, command, args) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, command, ...args });
    });
  /** Every thread's answer (in thread order). */
  const all = (command, args = {}) => Promise.all(workers.map((w) => ask(w, command, args)));
  const indicesOf = (t) =>
    Array.from({ length: clients }, (_, i) => i).filter((i) => i % count === t);
  return {
    threads: count,
    /** Every person joins the room or a relay (`extra`: url, token, bytes). */
    join: (kind, extra) =>
      Promise.all(workers.map((w, t) => ask(w, "join", { kind, indices: indicesOf(t), ...extra }))),
    synced: async () => (await all("synced")).every(Boolean),
    /** Every person acts for `ms`; answers the worst thread's event-loop delay p99 (ms). */
    act: async (kind, intervalMs, ms, awareness) =>
      Math.max(...(await all("act", { kind, intervalMs, ms, total: clients, awareness }))),
    fragments: async () => (await all("fragments")).flat(),
    /** The people by index (typed, held, statuses, closed). */
    people: async () => (await all("people")).flat().sort((a, b) => a.index - b.index),
    counts: async () =>
      (await all("counts")).reduce(
        (sum, c) => ({
          sentMessages: sum.sentMessages + c.sentMessages,
          sentBytes: sum.sentBytes + c.sentBytes,
          receivedMessages: sum.receivedMessages + c.receivedMessages,
        }),
        { sentMessages: 0, sentBytes: 0, receivedMessages: 0 },
      ),
    /** The run's book: every delay (arrival − send) and its arrival time, the counts. */
    async book() {
      const ledgers = await all("ledger");
      const sentAt = new Map(ledgers.flatMap((l) => l.sent));
      const book = { delays: [], arrivals: [], unmatched: 0, ...(await this.counts()) };
      for (const [key, at] of ledgers.flatMap((l) => l.arrivals)) {
        const sent = sentAt.get(key);
        if (sent === undefined) book.unmatched += 1;
        else {
          book.delays.push(at - sent);
          book.arrivals.push(at);
        }
      }
      return book;
    },
    close: () => all("close"),
    dispose: () => Promise.all(workers.map((w) => w.terminate())),
  };
}
