import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as, workerFetch } from "../helpers/api";
import { createCr, crRow, makeCrWorld, spaceRow } from "../helpers/change-requests-factories";
import { callWith } from "../helpers/faults";
import { countRows } from "./invariants";
import { sweep } from "./sweep";

// Fault injection on the versioned-content writes: every D1 or R2 call of a successful run is
// made to fail in turn (see test/faults/sweep.ts), and nothing may be half-written.

const logo = btoa("fault-logo-bytes");

/** A content batch that writes two pages (one with a file reference) and one new file. */
function batch(tag: string) {
  return {
    changes: [
      {
        operation: "insert_files",
        files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: logo }],
      },
      {
        operation: "insert_page",
        ref: "intro",
        title: `Intro ${tag}`,
        document: { markdown: `Hello ${tag}.\n\n![Logo](./logo)\n` },
      },
      { operation: "insert_page", into: "intro", title: "Child", document: { markdown: "x\n" } },
    ],
  };
}

async function crWithContent() {
  const world = await makeCrWorld();
  const cr = await createCr(world.owner, world.space.id);
  const tag = crypto.randomUUID();
  const res = await as(world.owner.token).post(
    `/spaces/${world.space.id}/change-requests/${cr.id}/content`,
    batch(tag),
  );
  expect(res.status, res.text).toBe(200);
  return { ...world, cr, tag };
}

describe("fault injection: versioned content", () => {
  it("a content batch with files writes all of it or none of it", async () => {
    const report = await sweep({
      setup: async () => {
        const world = await makeCrWorld();
        const cr = await createCr(world.owner, world.space.id);
        return { ...world, cr, tag: crypto.randomUUID() };
      },
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/change-requests/${s.cr.id}/content`, {
          token: s.owner.token,
          body: batch(s.tag),
        }),
      ok: 200,
      untouched: async (s) => {
        expect((await crRow(s.cr.id)).seq).toBe(s.cr.seq ?? 0);
        expect(await countRows("file_versions", "line_id = ?", (await crRow(s.cr.id)).lineId)).toBe(
          0,
        );
      },
      check: async (s) => {
        const row = await crRow(s.cr.id);
        expect(row.seq).toBe(1);
        expect(await countRows("page_versions", "line_id = ?", row.lineId)).toBe(2);
        expect(await countRows("file_versions", "line_id = ?", row.lineId)).toBe(1);
        const pages = await as(s.owner.token).get(
          `/spaces/${s.space.id}/change-requests/${s.cr.id}/content/pages`,
        );
        expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual([`Intro ${s.tag}`]);
      },
    });
    expect(report.r2Calls).toBeGreaterThan(0);
  });

  it("a merge moves main once, with the search index best-effort after the answer", async () => {
    const report = await sweep({
      setup: crWithContent,
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/change-requests/${s.cr.id}/merge`, {
          token: s.owner.token,
        }),
      ok: 200,
      bestEffort: /search_|api_tokens/,
      untouched: async (s) => {
        expect((await spaceRow(s.space.id)).mainSeq).toBe(s.space.mainSeq);
        expect((await crRow(s.cr.id)).status).not.toBe("merged");
      },
      check: async (s) => {
        expect((await spaceRow(s.space.id)).mainSeq).toBe(s.space.mainSeq + 1);
        expect((await crRow(s.cr.id)).status).toBe("merged");
        const line = (await spaceRow(s.space.id)).mainLineId;
        expect(await countRows("page_versions", "line_id = ? AND to_seq IS NULL", line)).toBe(2);
        // The index catches up on the next search even when the hook after the merge failed.
        const found = await as(s.owner.token).get(`/spaces/${s.space.id}/search`, {
          query: { query: s.tag },
        });
        expect(found.status, found.text).toBe(200);
      },
    });
    expect(report.d1Calls).toBeGreaterThan(1);
  });

  it("a template applied to main commits once", async () => {
    await sweep({
      setup: makeCrWorld,
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/content/template`, {
          token: s.owner.token,
          body: { id: "runbooks" },
        }),
      ok: 201,
      bestEffort: /search_|api_tokens/,
      untouched: async (s) => {
        expect((await spaceRow(s.space.id)).mainSeq).toBe(s.space.mainSeq);
      },
      check: async (s) => {
        const space = await spaceRow(s.space.id);
        expect(space.mainSeq).toBe(s.space.mainSeq + 1);
        expect(await countRows("revisions", "space_id = ?", s.space.id)).toBe(2);
      },
    });
  });

  it("a template applied into a change request adds one revision", async () => {
    await sweep({
      setup: async () => {
        const world = await makeCrWorld();
        return { ...world, cr: await createCr(world.owner, world.space.id) };
      },
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/content/template`, {
          token: s.owner.token,
          body: { id: "changelog", changeRequestId: s.cr.id },
        }),
      ok: 201,
      untouched: async (s) => {
        expect((await crRow(s.cr.id)).seq).toBe(0);
      },
      check: async (s) => {
        expect((await crRow(s.cr.id)).seq).toBe(1);
        const lineId = (await crRow(s.cr.id)).lineId;
        expect(await countRows("revisions", "line_id = ?", lineId)).toBe(1);
      },
    });
  });

  it("a PDF export either answers a URL that serves the PDF or a 500", async () => {
    await sweep({
      setup: crWithContent,
      run: (e, s) =>
        callWith(e, "GET", `/spaces/${s.space.id}/change-requests/${s.cr.id}/pdf`, {
          token: s.owner.token,
        }),
      ok: 200,
      check: async (s, res) => {
        const file = await workerFetch(res.body.url);
        expect(file.status).toBe(200);
        expect(file.headers.get("Content-Type")).toBe("application/pdf");
        expect(await countRows("revisions", "space_id = ?", s.space.id)).toBe(2);
      },
    });
  });

  it("opening a change request moves the space counters with it", async () => {
    await sweep({
      setup: makeCrWorld,
      run: (e, s) =>
        callWith(e, "POST", `/spaces/${s.space.id}/change-requests`, {
          token: s.owner.token,
          body: { subject: "Fault" },
        }),
      ok: 201,
      untouched: async (s) => {
        expect(await countRows("change_requests", "space_id = ?", s.space.id)).toBe(0);
      },
      check: async (s) => {
        expect(await countRows("change_requests", "space_id = ?", s.space.id)).toBe(1);
        expect((await spaceRow(s.space.id)).changeRequestsCount).toBe(1);
      },
    });
    expect(env.DB).toBeDefined();
  });
});
