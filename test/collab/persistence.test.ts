import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { as } from "../helpers/api";
import { postContent } from "../helpers/change-requests-factories";
import { open, paragraphDoc, roomOf, roomWorld, saveNow, type } from "./client";

/** The page's markdown in the change request, read through the API. */
async function pageMarkdown(token: string, w: Awaited<ReturnType<typeof roomWorld>>) {
  const res = await as(token).get(
    `/spaces/${w.space.id}/change-requests/${w.cr.id}/content/page/${w.pageId}`,
    { query: { format: "markdown" } },
  );
  expect(res.status, res.text).toBe(200);
  return JSON.stringify(res.body);
}

describe("live rooms: persistence", () => {
  it("writes the Document back through the API's content batch when the alarm runs", async () => {
    const w = await roomWorld("Base");
    const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    type(a, "Typed ");
    await saveNow(w, a);
    expect(a.statuses.at(-1)?.documentId).toMatch(/^[0-9a-f]{64}$/);
    expect(await pageMarkdown(w.writer.token, w)).toContain("Typed Base");
    a.ws.close();
  });

  it("takes an API content batch made during the session into the clients' documents", async () => {
    const w = await roomWorld("Before");
    const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    await vi.waitFor(() => expect(a.text()).toContain("Before"));
    const res = await postContent(w.writer, w.space.id, w.cr.id, [
      { operation: "update_page", page: w.pageId, document: { document: paragraphDoc("After") } },
    ]);
    expect(res.status, res.text).toBe(200);
    await vi.waitFor(() => expect(a.text()).toContain("After"));
    expect(a.text()).not.toContain("Before");
    a.ws.close();
  });

  it("keeps typed updates when the object restarts", async () => {
    const w = await roomWorld("Kept");
    const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    type(a, "Durable ");
    await vi.waitFor(() => expect(a.statuses.at(-1)?.saved).toBe(false));
    a.ws.close();
    // The object's memory is gone; its SQLite holds the log.
    await runInDurableObject(roomOf(w), (_instance, state) => {
      const rows = state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM updates").one();
      expect(rows.n).toBeGreaterThan(0);
      state.abort("restart");
    }).catch(() => undefined);
    const b = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    await vi.waitFor(() => expect(b.text()).toContain("Durable Kept"));
    b.ws.close();
  });
});
