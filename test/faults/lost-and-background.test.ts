import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runScheduled } from "../../src/scheduled";
import { fileObjectKey } from "../../src/services/change-requests/writes";
import { as } from "../helpers/api";
import { createCr, crRow, makeCrWorld, spaceRow } from "../helpers/change-requests-factories";
import { makeContentSpace, seedMainFile } from "../helpers/content-factories";
import { makeOrg } from "../helpers/factories";
import { callWith, faultFetch, faultyEnv } from "../helpers/faults";
import { daysAgo, setDeletedAt } from "../helpers/spaces-factories";
import { countRows, expectConsistent } from "./invariants";
import { expectInternalError } from "./sweep";

// Faults the sweeps do not cover: a call that succeeds but whose answer is lost, failures in the
// work after the answer (`waitUntil`), reads from R2, and the scheduled retention purge.

const content = (tag: string, bytes: string) => ({
  changes: [
    {
      operation: "insert_files",
      files: [{ ref: "f", name: "f.bin", contentType: "application/octet-stream", base64: bytes }],
    },
    { operation: "insert_page", title: tag, document: { markdown: `Body ${tag}\n` } },
  ],
});

describe("fault injection: lost answers, background work, reads and jobs", () => {
  it("an R2 upload that lands but answers an error leaves only an orphan object", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const bytes = btoa(`orphan-${crypto.randomUUID()}`);
    const faulty = faultyEnv({ r2: 1, after: true });
    const path = `/spaces/${space.id}/change-requests/${cr.id}/content`;
    const body = content("Orphan", bytes);
    const res = await callWith(faulty.env, "POST", path, { token: owner.token, body });
    expectInternalError(res, "lost R2 put");
    const line = (await crRow(cr.id)).lineId;
    // The object is there (content-addressed; the retention purge collects it if never used)...
    expect(await countRows("file_versions", "line_id = ?", line)).toBe(0);
    await expectConsistent("after a lost R2 put");
    // ...and the retry stores it once more under the same key and commits the rows.
    expect((await as(owner.token).post(path, body)).status).toBe(200);
    expect(await countRows("file_versions", "line_id = ?", line)).toBe(1);
    await expectConsistent("after the retry");
  });

  it("a D1 commit that lands but answers an error is whole, and a retry is refused or applied once", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const path = `/spaces/${space.id}/change-requests/${cr.id}/merge`;
    await as(owner.token).post(`/spaces/${space.id}/change-requests/${cr.id}/content`, {
      changes: [{ operation: "insert_page", title: "Kept", document: { markdown: "x\n" } }],
    });
    // Find the merge's commit batch (the last request-path batch of a clean dry run is not
    // reusable: the merge is one-shot), by sweeping D1 calls with `after` until the merge lands.
    let landed = false;
    for (let n = 1; n <= 8 && !landed; n++) {
      const faulty = faultyEnv({ d1: n, after: true });
      const res = await callWith(faulty.env, "POST", path, { token: owner.token });
      await expectConsistent(`lost answer of D1 call ${n}`);
      landed = (await crRow(cr.id)).status === "merged";
      if (res.status === 500) expectInternalError(res, `lost answer of D1 call ${n}`);
    }
    expect(landed).toBe(true);
    expect((await spaceRow(space.id)).mainSeq).toBe(space.mainSeq + 1);
    // The client retries: the merge is not applied twice.
    const retry = await as(owner.token).post(path);
    expect(retry.status, retry.text).toBe(409);
    expect((await spaceRow(space.id)).mainSeq).toBe(space.mainSeq + 1);
  });

  it("a failing search index after a merge does not fail the merge, and search catches up", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const tag = `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    await as(owner.token).post(`/spaces/${space.id}/change-requests/${cr.id}/content`, {
      changes: [
        { operation: "insert_page", title: "Findable", document: { markdown: `${tag}\n` } },
      ],
    });
    // A dry run elsewhere finds the first call made after the answer (the index's first read).
    const clean = faultyEnv();
    const dry = await makeCrWorld();
    const dryCr = await createCr(dry.owner, dry.space.id);
    await as(dry.owner.token).post(`/spaces/${dry.space.id}/change-requests/${dryCr.id}/content`, {
      changes: [{ operation: "insert_page", title: "x", document: { markdown: "x\n" } }],
    });
    await callWith(clean.env, "POST", `/spaces/${dry.space.id}/change-requests/${dryCr.id}/merge`, {
      token: dry.owner.token,
    });
    const firstBackground = clean.calls
      .filter((c) => c.binding === "d1")
      .findIndex((c) => c.background);
    expect(firstBackground).toBeGreaterThan(0);
    const faulty = faultyEnv({ d1: firstBackground + 1 });
    const res = await callWith(
      faulty.env,
      "POST",
      `/spaces/${space.id}/change-requests/${cr.id}/merge`,
      {
        token: owner.token,
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(faulty.failed()?.background).toBe(true);
    // The first search sees the index behind main and catches it up after its answer (it may
    // answer from the stale index); the next one finds the page.
    const search = () =>
      as(owner.token).get(`/spaces/${space.id}/search`, { query: { query: tag } });
    expect((await search()).status).toBe(200);
    const found = await search();
    expect(found.status, found.text).toBe(200);
    expect(found.body.items.length).toBe(1);
  });

  it("a failing lastUsedAt touch does not fail the request", async () => {
    const { owner } = await makeOrg();
    const faulty = faultyEnv({ d1: 2 });
    const res = await callWith(faulty.env, "GET", "/user", { token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect(faulty.failed()?.what).toMatch(/last_used_at/);
    expect(faulty.failed()?.background).toBe(true);
  });

  it("a download whose R2 read fails answers a 500 with the request id", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const file = await seedMainFile(space.id, {
      name: "a.png",
      contentType: "image/png",
      bytes: new Uint8Array([1, 2, 3]),
    });
    const read = await as(owner.token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
    const faulty = faultyEnv({ r2: 1 });
    const raw = await faultFetch(faulty.env, read.body.downloadURL);
    const text = await raw.text();
    expectInternalError(
      { status: raw.status, body: JSON.parse(text), text, headers: raw.headers },
      "download",
    );
  });

  it("the retention purge resumes after any failed call and removes the space whole", async () => {
    // One live space keeps a file whose bytes every doomed space shares: its object must stay.
    const shared = btoa("bytes shared with a live space");
    const keeper = await makeCrWorld();
    const keeperCr = await createCr(keeper.owner, keeper.space.id);
    const kept = await as(keeper.owner.token).post(
      `/spaces/${keeper.space.id}/change-requests/${keeperCr.id}/content`,
      content("Kept", shared),
    );
    expect(kept.status, kept.text).toBe(200);
    const keeperLine = (await crRow(keeperCr.id)).lineId;
    const setup = async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const unique = btoa(`purged-${crypto.randomUUID()}`);
      const path = `/spaces/${space.id}/change-requests/${cr.id}/content`;
      const first = await as(owner.token).post(path, content("Doomed", unique));
      expect(first.status, first.text).toBe(200);
      const second = await as(owner.token).post(path, content("Doomed 2", shared));
      expect(second.status, second.text).toBe(200);
      await setDeletedAt(space.id, daysAgo(8));
      return { space };
    };
    const clean = faultyEnv();
    await setup();
    await runScheduled(clean.env, Date.now());
    // The calls that change something (a failing read only stops the run before its next step).
    const writes = clean.calls
      .map((call, i) => ({ call, n: i + 1 }))
      .filter(
        ({ call }) => call.method === "delete" || /^\s*(insert|update|delete)/i.test(call.what),
      );
    expect(writes.length).toBeGreaterThan(5);
    for (const { call, n } of writes) {
      const s = await setup();
      const faulty = faultyEnv(
        call.binding === "d1"
          ? { d1: countUpTo(clean.calls, n, "d1") }
          : { r2: countUpTo(clean.calls, n, "r2") },
      );
      await runScheduled(faulty.env, Date.now()).catch(() => undefined);
      await expectConsistent(`purge with call ${n} failing`);
      await runScheduled(env, Date.now());
      expect(await countRows("spaces", "id = ?", s.space.id)).toBe(0);
      expect(await countRows("revisions", "space_id = ?", s.space.id)).toBe(0);
      expect(await countRows("purge_progress", "space_id = ?", s.space.id)).toBe(0);
      await expectConsistent(`purge retried after call ${n} failed`);
      expect(await countRows("file_versions", "line_id = ?", keeperLine)).toBe(1);
    }
    expect(await env.FILES.head(fileObjectKey("nonexistent"))).toBeNull();
  }, 180_000);
});

/** The number of calls to `binding` among the first `n` calls: its 1-based index there. */
function countUpTo(calls: { binding: string }[], n: number, binding: string) {
  return calls.slice(0, n).filter((c) => c.binding === binding).length;
}
