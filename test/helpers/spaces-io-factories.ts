import type { Change } from "../../src/content/change-schema";
import { expect } from "vitest";
import { unzipSync, zipSync, type Zippable } from "fflate";
import { as, workerFetch } from "./api";
import { eventually } from "./jobs";
import type { TestUser } from "./factories";

/** Uploads bytes for an import the way a client does (signed URL, then PUT); returns the key. */
export async function uploadImportFile(
  user: TestUser,
  orgId: string,
  name: string,
  bytes: Uint8Array,
) {
  const signed = await as(user.token).post(`/orgs/${orgId}/storage/upload`, {
    file: { name, type: "application/zip", size: bytes.byteLength },
    kind: "import_file",
  });
  expect(signed.status, signed.text).toBe(201);
  const put = await workerFetch(signed.body.url, {
    method: "PUT",
    body: new Uint8Array(bytes),
    headers: { "Content-Length": String(bytes.byteLength) },
  });
  expect(put.status, await put.text()).toBe(204);
  return signed.body.key as string;
}

/** Starts an import run of uploaded files and waits for it to end; returns the run. */
export async function importFiles(
  user: TestUser,
  orgId: string,
  target: { space: string; changeRequest?: string },
  keys: string[],
) {
  const api = as(user.token);
  const started = await api.post(`/org/${orgId}/imports`, {
    source: { type: "file", files: keys },
    target,
  });
  expect(started.status, started.text).toBe(201);
  return eventually(async () => {
    const res = await api.get(`/org/${orgId}/imports/${started.body.id}`);
    expect(["completed", "failed", "cancelled"]).toContain(res.body.status);
    return res.body;
  });
}

/** Exports a space (or a change request) and returns the archive's entries. */
export async function exportEntries(user: TestUser, spaceId: string, changeRequest?: string) {
  const api = as(user.token);
  const started = await api.post(
    `/spaces/${spaceId}/exports`,
    changeRequest ? { changeRequest } : {},
  );
  expect(started.status, started.text).toBe(202);
  const done = await eventually(async () => {
    const res = await api.get(`/spaces/${spaceId}/exports/${started.body.id}`);
    expect(res.body.status).toBe("completed");
    return res.body;
  });
  const archive = await workerFetch(done.archive.downloadURL);
  const bytes = new Uint8Array(await archive.arrayBuffer());
  return { bytes, entries: unzipSync(bytes), result: done.result };
}

/** A zip of text entries. */
export function zipOf(
  files: Record<string, string | Uint8Array>,
  options: Record<string, object> = {},
) {
  const enc = new TextEncoder();
  const data: Zippable = {};
  for (const [path, value] of Object.entries(files))
    data[path] = [typeof value === "string" ? enc.encode(value) : value, options[path] ?? {}];
  return zipSync(data);
}

/** A 1×1 PNG, base64: the sample space's one file. */
const SAMPLE_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/**
 * The changes of the sample space the export and the GitBook-API copy start from: a file, two
 * pages linking each other and to the file (relative paths), and a child page.
 */
export function sampleSpaceChanges(): Change[] {
  return [
    {
      operation: "insert_files",
      files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: SAMPLE_PNG }],
    },
    {
      operation: "insert_page",
      ref: "intro",
      title: "Intro",
      document: { markdown: "See [the guide](./guide.md).\n\n![Logo](./logo.md)\n" },
    },
    {
      operation: "insert_page",
      ref: "guide",
      title: "Guide",
      description: "How to",
      document: { markdown: "Back to [intro](./intro.md)." },
    },
    {
      operation: "insert_page",
      into: "guide",
      title: "Install",
      document: { markdown: "Run it." },
    },
  ];
}
