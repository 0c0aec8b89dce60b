// What the integrations bench (bench/integrations.mjs) needs before it measures: an admin with an
// API token in an organization (plain SQL, the shapes bench/lib/seed.mjs writes), and integrations
// published and installed through the API exactly as a client or the official CLI does it.
import { mintToken, newId } from "../../scripts/lib/identity.mjs";
import { timedFetch } from "./measure.mjs";

/**
 * A script in the smallest shape the runtime accepts: no @gitbook/runtime, no parsing. It counts
 * the requests its isolate served, so the bench can tell a new isolate (1) from a warm one.
 */
export const MINIMAL_SCRIPT = `let served = 0;
export default {
  async fetch(request) {
    served++;
    return Response.json({ ok: true, served, path: new URL(request.url).pathname });
  },
};`;

/** An admin user, its token and an organization it administers; returns the ids and secret. */
export async function seedOrganization(db) {
  const at = new Date().toISOString();
  const user = newId();
  const org = newId();
  const token = await mintToken();
  await db.batch([
    db
      .prepare(
        "INSERT INTO users (id, display_name, email, email_verified, created_at) VALUES (?, ?, ?, 1, ?)",
      )
      .bind(user, "Bench Admin", "bench-admin@example.com", at),
    db
      .prepare(
        "INSERT INTO api_tokens (id, user_id, label, digest, hint, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .bind(newId(), user, "bench", token.digest, token.hint, at),
    db
      .prepare(
        "INSERT INTO organizations (id, title, created_at, members_count) VALUES (?, ?, ?, 1)",
      )
      .bind(org, "Bench integrations", at),
    db
      .prepare(
        "INSERT INTO org_members (organization_id, user_id, role, joined_at) VALUES (?, ?, 'admin', ?)",
      )
      .bind(org, user, at),
  ]);
  return { user, org, token: token.secret };
}

/** Throws with the answer's body unless it has the expected status. */
function expectStatus(step, result, status) {
  if (result.status !== status) {
    throw new Error(
      `${step}: expected ${status}, got ${result.status}: ${result.text.slice(0, 500)}`,
    );
  }
  return result;
}

/** A client of the app's API with the admin's token. */
export function apiClient(baseUrl, token) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (path) => timedFetch(`${baseUrl}/v1${path}`, { headers }),
    post: (path, body) => timedFetch(`${baseUrl}/v1${path}`, { method: "POST", headers, body }),
    expectStatus,
  };
}

/** Publishes (a new version of) `name` with `script`; returns the answer (timed) and version. */
export async function publish(api, name, org, script) {
  const result = expectStatus(
    `publish ${name}`,
    await api.post(`/integrations/${name}`, {
      title: `Bench ${name}`,
      description: "Integration used by the integrations bench",
      script,
      scopes: ["space:content:read"],
      organization: org,
    }),
    200,
  );
  return { ms: result.ms, version: result.json.version };
}

/** Installs `name` on the organization; returns the installation id. */
export async function install(api, name, org) {
  const result = expectStatus(
    `install ${name}`,
    await api.post(`/integrations/${name}/installations`, { organization: org }),
    201,
  );
  return result.json.id;
}

/** Creates a space in `org` through the API; returns its id. */
export async function createSpace(api, org, title) {
  const result = expectStatus(
    `create space ${title}`,
    await api.post(`/orgs/${org}/spaces`, { title }),
    201,
  );
  return result.json.id;
}

/**
 * Polls D1 (the bench's own handle, not the API) until the event row matching `where` is no
 * longer pending or `timeoutMs` passed; returns the row as it then is (null when there is none).
 */
export async function settledEventRow(db, where, binds, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const row = await db
      .prepare(
        `SELECT id, type, status, error, attempts, created_at, updated_at FROM integration_events WHERE ${where} ORDER BY created_at DESC LIMIT 1`,
      )
      .bind(...binds)
      .first();
    if ((row && row.status !== "pending") || performance.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The number of events recorded for an integration (the list's own counter). */
export async function eventCount(db, name) {
  const row = await db
    .prepare(
      "SELECT c.events_count AS n FROM integration_event_counts c JOIN integrations i ON i.id = c.integration_id WHERE i.name = ?",
    )
    .bind(name)
    .first();
  return row?.n ?? 0;
}

/** Columns of an `integration_events` row, as src/db/schema/integration-events.ts declares them. */
const EVENT_COLUMNS =
  "integration_id, installation_id, type, payload, status, attempts, error, response_status, version, logs, created_at, updated_at";

/**
 * Fires fetch events at `url` from `concurrency` parallel loops until the integration has
 * `target` events or `seconds` have passed; if time ran out first, tops the list up with copies
 * (new ids) of the rows those dispatches recorded, counter included, so the list has `target`
 * rows whatever the machine's speed. Returns how many were fired and how many copied.
 */
export async function fillEvents(db, name, url, target, { seconds, concurrency = 8 }) {
  const deadline = performance.now() + seconds * 1000;
  let fired = 0;
  let failure = null;
  const loop = async () => {
    while (!failure && performance.now() < deadline && fired + startCount < target) {
      fired++;
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status !== 200) failure = new Error(`filling events: endpoint answered ${r.status}`);
    }
  };
  const startCount = await eventCount(db, name);
  await Promise.all(Array.from({ length: concurrency }, loop));
  if (failure) throw failure;
  let copied = 0;
  for (let missing = target - (await eventCount(db, name)); missing > 0; ) {
    const n = Math.min(missing, 500);
    const { id } = await db
      .prepare("SELECT id FROM integrations WHERE name = ?")
      .bind(name)
      .first();
    const [inserted] = await db.batch([
      db
        .prepare(
          `INSERT INTO integration_events (id, ${EVENT_COLUMNS}) SELECT lower(hex(randomblob(10))), ${EVENT_COLUMNS} FROM integration_events WHERE integration_id = ? AND type = 'fetch' LIMIT ?`,
        )
        .bind(id, n),
      db
        .prepare(
          "UPDATE integration_event_counts SET events_count = (SELECT COUNT(*) FROM integration_events WHERE integration_id = ?1) WHERE integration_id = ?1",
        )
        .bind(id),
    ]);
    copied += inserted.meta.changes;
    missing = target - (await eventCount(db, name));
  }
  return { fired, copied };
}
