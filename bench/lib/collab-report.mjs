// The co-editing bench's seed and figures (bench/collab.mjs): an organization with a token (SQL,
// as the other benches seed), a space, a change request and a one-paragraph page (through the
// API), and the run's summary: percentiles, targets and the billed-message count.
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { RESULTS_DIR, ROOT } from "./config.mjs";
import { seedOwner } from "./reader-site.mjs";

/** A call to the API as the seeded owner; throws on an unexpected status. */
async function api(base, token, method, path, body, expected) {
  const res = await fetch(`${base}/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json().catch(() => null);
  if (res.status !== expected)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The owner, their space, a change request and its page "Live" holding one paragraph. */
export async function seedRoomPage(db, base) {
  const owner = await seedOwner(db, new Date().toISOString());
  const space = await api(
    base,
    owner.token,
    "POST",
    `/orgs/${owner.org}/spaces`,
    { title: "Live bench" },
    201,
  );
  const cr = await api(
    base,
    owner.token,
    "POST",
    `/spaces/${space.id}/change-requests`,
    { subject: "Live" },
    201,
  );
  const document = {
    object: "document",
    data: { schemaVersion: 1 },
    nodes: [
      {
        object: "block",
        type: "paragraph",
        data: {},
        nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Start ", marks: [] }] }],
      },
    ],
  };
  const crPath = `/spaces/${space.id}/change-requests/${cr.id}`;
  const created = await api(
    base,
    owner.token,
    "POST",
    `${crPath}/content?compat=false`,
    {
      changes: [{ operation: "insert_page", title: "Live", document: { document } }],
    },
    200,
  );
  const pageId = created.changes[0].page.id;
  return {
    token: owner.token,
    livePath: `${crPath}/pages/${pageId}/live`,
    pagePath: `${crPath}/content/page/${pageId}`,
  };
}

/** Nearest-rank percentile (ms, 1 decimal). */
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) /
    10
  );
}

/** CPU ms per message a relay phase's people sent (3 decimals). */
const perMessage = (cpuMs, relayBook) =>
  relayBook.sentMessages ? Math.round((cpuMs / relayBook.sentMessages) * 1000) / 1000 : null;

/**
 * The p95 of the delays whose update arrived while a write-back was finishing (within 500 ms
 * before a "saved" status reached the first client) against the others': what the saves, which
 * run on the room's one thread, add to the tail.
 */
function nearWriteBacks(book, times) {
  const near = [];
  const other = [];
  book.delays.forEach((delay, i) => {
    const at = book.arrivals[i];
    const close = times.some((t) => at >= t - 500 && at <= t + 50);
    (close ? near : other).push(delay);
  });
  return {
    p95Near: percentile(near, 95),
    samplesNear: near.length,
    p95Elsewhere: percentile(other, 95),
  };
}

/** The run's figures and verdict (the targets: 0 lost, convergence, p95 ≤ 2 × relay's). */
export function summarise(run) {
  const { book, relayBook } = run;
  const p95 = percentile(book.delays, 95);
  const relayP95 = percentile(relayBook.delays, 95);
  const lostUpdates = run.lost.reduce((a, b) => a + b, 0);
  const figures = {
    people: run.settings.clients,
    seconds: run.settings.seconds,
    updatesTyped: run.typed,
    lostUpdates,
    converged: run.converged,
    delayMs: {
      p50: percentile(book.delays, 50),
      p95,
      p99: percentile(book.delays, 99),
      samples: book.delays.length,
    },
    relayDelayMs: {
      p50: percentile(relayBook.delays, 50),
      p95: relayP95,
      samples: relayBook.delays.length,
      bytes: run.settings.relayBytes,
    },
    p95OverRelay: p95 && relayP95 ? Math.round((p95 / relayP95) * 100) / 100 : null,
    workerdCpuMsPerUpdate: run.typed ? Math.round((run.cpuMs / run.typed) * 1000) / 1000 : null,
    relayWorkerdCpuMsPerMessage: perMessage(run.relayCpuMs, relayBook),
    durableRelayDelayMs: {
      p50: percentile(run.durable.relayBook.delays, 50),
      p95: percentile(run.durable.relayBook.delays, 95),
      samples: run.durable.relayBook.delays.length,
    },
    durableRelayWorkerdCpuMsPerMessage: perMessage(run.durable.cpuMs, run.durable.relayBook),
    /** The clients' threads' worst event-loop delay p99 per phase: queueing in the bench. */
    clientLoopDelayP99Ms: Object.fromEntries(
      Object.entries(run.loopDelays).map(([phase, ms]) => [phase, Math.round(ms * 10) / 10]),
    ),
    messagesIn: run.roomIncoming,
    messagesOut: book.receivedMessages,
    billedRequests: run.connections + Math.ceil(run.roomIncoming / 20),
    delayNearWriteBackMs: nearWriteBacks(book, run.writeBackTimes),
    savedAfterTyping: run.saved,
    writeBacks: run.writeBacks,
    wordsMissingInApi: run.missingInApi,
    unexpectedCloses: run.closes,
    broadcastsWithoutSender: book.unmatched,
  };
  figures.pass =
    lostUpdates === 0 &&
    run.converged &&
    run.saved &&
    run.missingInApi === 0 &&
    run.closes.length === 0 &&
    figures.p95OverRelay !== null &&
    figures.p95OverRelay <= 2;
  return { startedAt: run.startedAt, machine: run.machine, settings: run.settings, figures };
}

/** Writes bench/results/collab-<timestamp>.json; answers its path relative to the repository. */
export async function writeCollabResults(result) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `collab-${result.startedAt.replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify(result, null, 2) + "\n");
  return relative(ROOT, file);
}
