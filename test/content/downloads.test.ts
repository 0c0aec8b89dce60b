import { describe, expect, it } from "vitest";
import { as, call, workerFetch } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeContentSpace, seedMainFile, signedPath } from "../helpers/content-factories";
import { fileObjectKey } from "../../src/services/change-requests/writes";

/** A main file and the download URL a read hands out for it. */
async function downloadable(name = "logo.png", contentType = "image/png") {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1]);
  const file = await seedMainFile(space.id, { name, contentType, bytes });
  const res = await as(owner.token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
  const url = new URL(res.body.downloadURL);
  return { org, owner, space, bytes, file, url, query: queryOf(url) };
}

/** The query of a URL as a plain record. */
function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (out[key] = value));
  return out;
}

function download(query: Record<string, string>) {
  return call("GET", "/downloads", { query, token: null });
}

describe("GET /v1/downloads", () => {
  it("answers the bytes with the file's Content-Type and name, without a token", async () => {
    const { bytes, url } = await downloadable("Über logo.png");
    expect(url.pathname).toBe("/v1/downloads");
    const lifetime = Number(url.searchParams.get("expires")) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(540);
    expect(lifetime).toBeLessThanOrEqual(600);
    const res = await workerFetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Content-Disposition")).toBe(
      `inline; filename="_ber logo.png"; filename*=UTF-8''%C3%9Cber%20logo.png`,
    );
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it("serves active content types as sandboxed attachments", async () => {
    const { url } = await downloadable("page.html", "text/html");
    const res = await workerFetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="page\.html"/);
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
  });

  it("answers 403 to a tampered signature, key, type or name", async () => {
    const { query } = await downloadable();
    const tampered = [
      { ...query, sig: query.sig!.slice(0, -2) + (query.sig!.endsWith("AA") ? "BB" : "AA") },
      { ...query, key: fileObjectKey("0".repeat(64)) },
      { ...query, type: "text/html" },
      { ...query, space: "another-space" },
      { ...query, name: "other.png" },
      { ...query, expires: String(Number(query.expires) + 3600) },
    ];
    for (const q of tampered) {
      const res = await download(q);
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 403,
        message: "This download link's signature is invalid",
      });
    }
  });

  it("answers 403 to an expired or malformed link, before looking for the object", async () => {
    const { file } = await downloadable();
    const expired = new URL(
      `https://x${await signedPath(fileObjectKey(file.hash), "image/png", { ttlSeconds: -1 })}`,
    );
    const res = await download(queryOf(expired));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("This download link has expired");
    const malformed: Record<string, string>[] = [
      {},
      { key: "files/x" },
      { key: "files/x", expires: "soon", sig: "abc" },
    ];
    for (const q of malformed) {
      const bad = await download(q);
      expect(bad.status).toBe(403);
      expect(bad.body.error.message).toBe("This download link is malformed");
    }
    const gone = new URL(
      `https://x${await signedPath(fileObjectKey("f".repeat(64)), "image/png", { ttlSeconds: -1 })}`,
    );
    expect((await download(queryOf(gone))).status).toBe(403);
  });

  it("stops serving a file once its space is deleted", async () => {
    const { owner, space, url } = await downloadable();
    expect((await workerFetch(url)).status).toBe(200);
    expect((await as(owner.token).delete(`/spaces/${space.id}`)).status).toBe(204);
    const res = await download(queryOf(url));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("File not found");
  });

  it("serves a stored type that is not a valid header value as application/octet-stream", async () => {
    const { url } = await downloadable("evil.txt", "text/plain\r\nX-Evil: 1");
    const res = await workerFetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(res.headers.get("X-Evil")).toBeNull();
  });

  it("answers 404 when a validly signed object is gone", async () => {
    const path = await signedPath(fileObjectKey("e".repeat(64)), "image/png", { name: "x.png" });
    const res = await download(queryOf(new URL(`https://x${path}`)));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("File not found");
  });
});
