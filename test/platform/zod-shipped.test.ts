import { z as honoZ } from "@hono/zod-openapi";
import { z } from "zod";
import * as zodV4 from "zod/v4";
import * as zodCore from "zod/v4/core";
import { describe, expect, it } from "vitest";

/** A namespace's members by name (the shipped one has members its declared type lacks). */
const members = (ns: object) => ns as Record<string, unknown>;

describe("the zod the Worker ships (src/platform/zod, wrangler.toml's alias)", () => {
  it("is zod's namespace, export for export, with English as its only locale", () => {
    const shipped = members(z);
    const full = members(zodV4.z);
    expect(shipped).not.toBe(full);
    expect(Object.keys(shipped).sort()).toEqual([...Object.keys(full), "z"].sort());
    for (const key of Object.keys(full)) {
      if (key !== "locales" && key !== "core")
        expect([key, shipped[key]]).toEqual([key, full[key]]);
    }
    const core = members(z.core);
    expect(Object.keys(core).sort()).toEqual(Object.keys(zodCore).sort());
    for (const key of Object.keys(zodCore)) {
      if (key !== "locales") expect(core[key]).toBe(members(zodCore)[key]);
    }
    expect(Object.keys(z.locales)).toEqual(["en"]);
    expect(z.locales.en).toBe(zodV4.z.locales.en);
    expect(z.core.locales).toBe(z.locales);
  });

  it("is the zod @hono/zod-openapi extends, and answers in English", () => {
    expect(honoZ).toBe(z);
    expect(typeof z.string().openapi).toBe("function");
    const result = z.object({ name: z.string() }).safeParse({ name: 1 });
    expect(result.error?.issues[0]?.message).toBe(
      "Invalid input: expected string, received number",
    );
  });
});
