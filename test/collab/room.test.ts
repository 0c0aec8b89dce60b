import { describe, expect, it, vi } from "vitest";
import { as } from "../helpers/api";
import { open, roomWorld, type } from "./client";

describe("live rooms: sync", () => {
  it("two writers converge and the room starts from the page's Document", async () => {
    const w = await roomWorld("Hello");
    const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    const b = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    await vi.waitFor(() => expect(a.text()).toContain("Hello"));
    await vi.waitFor(() => expect(b.text()).toContain("Hello"));
    type(a, "A ");
    type(b, "B ");
    await vi.waitFor(() => {
      expect(a.text()).toBe(b.text());
      expect(a.text()).toContain("A ");
      expect(a.text()).toContain("B ");
    });
    a.ws.close();
    b.ws.close();
    void as;
  });
});
