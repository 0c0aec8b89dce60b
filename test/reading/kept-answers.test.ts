import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { addSpec, moveSpec, revisionReader } from "../helpers/reading-factories";

// A site token's reads of a revision's pages and files are fixed by the URL, the grant and the
// organization's API specs (docs/compatibility.md "Reader caching"): the isolate keeps the
// answer and a repeat is answered after the grant check alone, which still runs in D1.

describe("kept answers of a revision's pages", () => {
  it("answer a repeat with the same body and headers after the grant check alone", async () => {
    const { token, fixedPaths } = await revisionReader();
    for (const path of fixedPaths) {
      const first = await as(token).get(path);
      const again = await as(token).get(path);
      // A third read is answered from the same kept bytes.
      expect((await as(token).get(path)).text, path).toBe(first.text);
      expect(again.status, path).toBe(200);
      expect(again.text, path).toBe(first.text);
      expect(again.headers.get("ETag"), path).toBe(first.headers.get("ETag"));
      expect(again.headers.get("Content-Type"), path).toBe(first.headers.get("Content-Type"));
      expect(again.headers.get("Cache-Control"), path).toBe(first.headers.get("Cache-Control"));
      expect(again.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(d1Cost(again).roundTrips, path).toBe(1);
      expect(d1Cost(again).rowsRead, path).toBeLessThan(d1Cost(first).rowsRead);
    }
  });

  it("are not answered once the site is unpublished: the grant check answers 404", async () => {
    const { org, owner, site, token, rev, install } = await revisionReader();
    const path = `${rev}/page/${install}/document`;
    expect((await as(token).get(path)).status).toBe(200);
    await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/unpublish`);
    const after = await as(token).get(path);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe(404);
  });

  it("are read again when the organization's API specs change", async () => {
    const { org, token, rev, install } = await revisionReader();
    const path = `${rev}/page/${install}/document`;
    const first = await as(token).get(path);
    await addSpec(org.id);
    const after = await as(token).get(path);
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(first.headers.get("ETag"));
    expect(d1Cost(after).rowsRead).toBeGreaterThanOrEqual(d1Cost(first).rowsRead);
    const kept = await as(token).get(path);
    expect(kept.headers.get("ETag")).toBe(after.headers.get("ETag"));
    expect(d1Cost(kept).rowsRead).toBeLessThan(d1Cost(after).rowsRead);
    await moveSpec(org.id);
    const versioned = await as(token).get(path);
    expect(versioned.headers.get("ETag")).not.toBe(after.headers.get("ETag"));
  });

  it("are never shared by two deploys: the version is part of the key and of the ETag", async () => {
    const { token, rev, install } = await revisionReader();
    const path = `${rev}/page/${install}/document`;
    const deploy = (id: string) => ({
      bindings: { ...env, CF_VERSION_METADATA: { id, tag: "", timestamp: "" } },
    });
    const old = await as(token).get(path, deploy("version-a"));
    expect(d1Cost(await as(token).get(path, deploy("version-a"))).roundTrips).toBe(1);
    const next = await as(token).get(path, deploy("version-b"));
    expect(next.status).toBe(200);
    expect(next.headers.get("ETag")).not.toBe(old.headers.get("ETag"));
    expect(d1Cost(next).rowsRead).toBeGreaterThanOrEqual(d1Cost(old).rowsRead);
    // The reader's validator of the old deploy is no match for the new one.
    const revalidated = await as(token).get(path, {
      ...deploy("version-b"),
      headers: { "If-None-Match": old.headers.get("ETag")! },
    });
    expect(revalidated.status).toBe(200);
  });
});
