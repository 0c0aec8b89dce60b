// The three sequential measurements of the integrations bench (bench/integrations.mjs): events
// delivered through the queue, cold starts of new versions, and the rows the event list reads.
import { timedFetch } from "./measure.mjs";
import {
  createSpace,
  eventCount,
  fillEvents,
  publish,
  settledEventRow,
} from "./integrations-setup.mjs";

/** p50 / p99 / max / min (nearest rank) of a list of milliseconds, rounded to 0.1 ms. */
export function stats(values) {
  if (!values.length) return { p50: null, p99: null, max: null, min: null, n: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
  const round = (n) => Math.round(n * 10) / 10;
  return {
    p50: round(rank(0.5)),
    p99: round(rank(0.99)),
    max: round(sorted[sorted.length - 1]),
    min: round(sorted[0]),
    n: sorted.length,
  };
}

/**
 * Installs the integration on `samples` new spaces, one at a time, each waiting for its
 * `space_installation_setup` event to settle: the event row's own timestamps give enqueue →
 * recorded success (the script ran, with whatever API calls it makes back into Quire), and the
 * bench's clock gives the install's answer → the settled row seen in D1 (polled every 20 ms).
 * The first event that fails or is still pending after 15 s ends the sampling (its error kept).
 */
export async function queueLatency(api, db, name, installationId, org, samples) {
  const serverMs = [];
  const observedMs = [];
  let failure = null;
  for (let i = 0; i < samples && !failure; i++) {
    const space = await createSpace(api, org, `Queue ${name} ${i + 1}`);
    const answer = await api.post(`/integrations/${name}/installations/${installationId}/spaces`, {
      space,
    });
    api.expectStatus("install on a space", answer, 201);
    const answered = performance.now();
    const row = await settledEventRow(
      db,
      "type = 'space_installation_setup' AND json_extract(payload, '$.spaceId') = ?",
      [space],
      15_000,
    );
    if (row?.status !== "success") {
      failure = `${row?.status ?? "no event"} after ${row?.attempts ?? 0} attempts: ${row?.error}`;
      continue;
    }
    observedMs.push(performance.now() - answered);
    serverMs.push(Date.parse(row.updated_at) - Date.parse(row.created_at));
  }
  return {
    samples: serverMs.length,
    serverMs: stats(serverMs),
    observedMs: stats(observedMs),
    failure,
  };
}

/**
 * Publishes `samples` new versions of the integration; after each, the first fetch event (a new
 * isolate: the Worker Loader keys isolates by integration, version and script hash) and the one
 * right after it (warm). Checks in D1 that each dispatch ran the version just published.
 */
export async function coldStarts(api, db, name, org, script, url, { samples }) {
  const coldMs = [];
  const warmMs = [];
  const publishMs = [];
  let versionsOk = true;
  let freshIsolates = true;
  for (let i = 0; i < samples; i++) {
    const published = await publish(api, name, org, script);
    publishMs.push(published.ms);
    const cold = await timedFetch(url);
    const warm = await timedFetch(url);
    if (cold.status !== 200 || warm.status !== 200) {
      throw new Error(`cold start ${i}: statuses ${cold.status}/${warm.status} ${cold.text}`);
    }
    // The minimal script reports how many requests its isolate served: 1 proves a new isolate.
    if (cold.json && "served" in cold.json && (cold.json.served !== 1 || warm.json.served !== 2)) {
      freshIsolates = false;
    }
    coldMs.push(cold.ms);
    warmMs.push(warm.ms);
    const { results } = await db
      .prepare(
        "SELECT e.version FROM integration_events e JOIN integrations i ON i.id = e.integration_id WHERE i.name = ? AND e.type = 'fetch' ORDER BY e.created_at DESC, e.id DESC LIMIT 2",
      )
      .bind(name)
      .all();
    if (!results.every((r) => r.version === published.version)) versionsOk = false;
  }
  return {
    samples,
    coldMs: stats(coldMs),
    warmMs: stats(warmMs),
    publishMs: stats(publishMs),
    versionsOk,
    freshIsolates,
  };
}

/** One list request with its rows read, checked against the budget 2 × limit + 10. */
async function check(api, label, path, limit, items) {
  const r = await api.get(path);
  api.expectStatus(label, r, 200);
  if (items !== undefined && r.json.items.length !== items) {
    throw new Error(`${label}: ${r.json.items.length} items, expected ${items}`);
  }
  const budget = limit === null ? null : 2 * limit + 10;
  const read = r.d1?.read ?? null;
  return {
    label,
    limit: limit ?? "—",
    read,
    rt: r.d1?.rt ?? null,
    budget,
    pass: budget === null || read === null ? null : read <= budget,
    ms: Math.round(r.ms * 10) / 10,
    next: r.json.next?.page ?? null,
  };
}

/**
 * Fires fetch events (for at most `seconds`, then copies) until the integration has at least
 * `events`, then reads its event list
 * (first page at 50 and 1000, a deep page at 50 past the first 1000 rows) and one event.
 */
export async function eventLists(api, db, name, url, events, seconds) {
  const filled = await fillEvents(db, name, url, events, { seconds });
  const base = `/integrations/${name}/events`;
  const first50 = await check(
    api,
    "GET …/events?limit=50 (first page)",
    `${base}?limit=50`,
    50,
    50,
  );
  const first1000 = await check(
    api,
    "GET …/events?limit=1000 (first page)",
    `${base}?limit=1000`,
    1000,
  );
  if (!first1000.next) throw new Error(`fewer than 1001 events: raise BENCH_EVENTS`);
  const after = `page=${encodeURIComponent(first1000.next)}`;
  const deep = await check(
    api,
    "GET …/events?limit=50 (page after 1000 rows)",
    `${base}?limit=50&${after}`,
    50,
    50,
  );
  const second1000 = await check(
    api,
    "GET …/events?limit=1000 (page after 1000 rows)",
    `${base}?limit=1000&${after}`,
    1000,
  );
  const one = await api.get(`${base}?limit=1`);
  const eventId = one.json.items[0].id;
  const detail = await check(api, "GET …/events/{eventId}", `${base}/${eventId}`, null);
  return {
    events: await eventCount(db, name),
    ...filled,
    checks: [first50, first1000, deep, second1000, detail],
  };
}
