import { describe, expect, it } from "vitest";
import { publishedDocs } from "../../helpers/reading-factories";
import { seedMainFile } from "../../helpers/content-factories";
import { readerFetch } from "../helpers";
import { call } from "../../helpers/api";
import { showsInline, servedType } from "../../../core/files/serving";

/** The reader's address of a published file (`/_quire/files/<site>/<hash>/<name>`). */
function proxied(siteId: string, file: { hash: string; name: string }): string {
  return `https://app.quire.test/_quire/files/${siteId}/${file.hash}/${encodeURIComponent(file.name)}`;
}

const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * Finding 11 of the probe: the reader's file proxy dropped the API's sandbox policy and served a
 * `text/javascript` upload from the site's own origin (a `script-src 'self'` gadget), and an
 * unanchored type check served `image/pngx` inline. Both ways serve files by one rule now.
 */
describe("published files on a site's own host", () => {
  it("never serves an upload as a script or style of the site's origin", async () => {
    const d = await publishedDocs();
    for (const [name, type] of [
      ["gadget.js", "text/javascript"],
      ["gadget.mjs", "application/javascript; charset=utf-8"],
      ["style.css", "text/css"],
    ] as const) {
      const file = await seedMainFile(d.space.id, {
        name,
        contentType: type,
        bytes: bytes(`alert(1) /* ${name} */`),
      });
      for (const res of [
        await readerFetch(proxied(d.site.id, file)),
        await call("GET", `/published-files/${d.site.id}/${file.hash}/${name}`),
      ]) {
        expect(res.status).toBe(200);
        expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
        expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(res.headers.get("Content-Disposition")).toMatch(/^attachment/);
        expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
      }
    }
  });

  it("shows only exact inline types inline, each under the sandbox policy", async () => {
    const d = await publishedDocs();
    const odd = await seedMainFile(d.space.id, {
      name: "x.pngx",
      contentType: "image/pngx",
      bytes: bytes("<svg onload=alert(1)>"),
    });
    const res = await readerFetch(proxied(d.site.id, odd));
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment/);
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    const logo = await readerFetch(proxied(d.site.id, d.file));
    expect(logo.status).toBe(200);
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    expect(logo.headers.get("Content-Disposition")).toMatch(/^inline/);
    expect(logo.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(logo.headers.get("Cache-Control")).toContain("immutable");
  });

  it("the serving rule, by essence", () => {
    for (const t of ["image/png", "IMAGE/PNG", "image/png; x=1", "video/mp4", "text/plain"]) {
      expect(showsInline(t)).toBe(true);
    }
    for (const t of ["image/pngx", "image/png+xml", "text/plainx", "text/html", "image/svg+xml"]) {
      expect(showsInline(t)).toBe(false);
    }
    expect(servedType("Text/JavaScript")).toBe("application/octet-stream");
    expect(servedType("bad\r\ntype")).toBe("application/octet-stream");
    expect(servedType("application/zip")).toBe("application/zip");
  });
});
