import { expect } from "vitest";
import { parseMarkdown } from "../../core/document";
import { sha256Hex } from "../../src/lib/crypto";
import { newId } from "../../src/lib/ids";
import { documents } from "../../src/db/schema";
import { renderPdf, type PdfPageNode } from "../../src/pdf/document";
import type { PdfFile } from "../../src/pdf/images";
import { as, workerFetch } from "./api";
import { makeMember, makeOrg, testDb } from "./factories";
import { seedPageRows, type SeedPage } from "./page-rows";
import { commitChanges, makeContentSpace, proposeChanges, reloadSpace } from "./content-factories";

/** CRC-32 of PNG chunks. */
function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** zlib-deflates bytes with workerd's CompressionStream. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A real RGB PNG of one colour, `width` × `height`. */
export async function makePng(
  width: number,
  height: number,
  rgb = [40, 90, 200],
): Promise<Uint8Array> {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
  }
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array(4 + data.length);
    body.set(new TextEncoder().encode(type), 0);
    body.set(data, 4);
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(body, 4);
    view.setUint32(8 + data.length, crc32(body));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A valid 1×1 greyscale JPEG. */
export const JPEG_1X1 = Uint8Array.from(
  atob(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  ),
  (c) => c.charCodeAt(0),
);

/** A page for `renderMarkdown`: its body as markdown, with subpages. */
export interface MarkdownPage {
  id: string;
  title: string;
  markdown?: string;
  document?: unknown;
  kind?: string;
  description?: string;
  children?: MarkdownPage[];
}

/** Renders pages straight through the renderer (no D1), with optional in-memory files. */
export async function renderMarkdown(
  pages: MarkdownPage[],
  files: { file: PdfFile; bytes: Uint8Array }[] = [],
  options: { spaceId?: string } = {},
) {
  const bodies = new Map<string, string | null>();
  const toNode = (page: MarkdownPage): PdfPageNode => {
    const doc =
      page.document ??
      (page.markdown !== undefined ? parseMarkdown(page.markdown, {}).document : null);
    bodies.set(page.id, doc === null ? null : JSON.stringify(doc));
    return {
      pageId: page.id,
      title: page.title,
      description: page.description ?? null,
      kind: page.kind ?? "document",
      children: (page.children ?? []).map(toNode),
    };
  };
  const roots = pages.map(toNode);
  const byId = new Map(files.map((f) => [f.file.fileId, f]));
  return renderPdf({
    spaceId: options.spaceId ?? "space",
    title: "Test space",
    subtitle: ["Change request #1: Test"],
    footnote: "Revision r · 2026-01-01",
    roots,
    bodies,
    files: new Map(files.map((f) => [f.file.fileId, f.file])),
    fileBytes: async (file) => byId.get(file.fileId)?.bytes ?? null,
  });
}

/** A space with two merged pages and an open change request that edits, adds and uploads. */
export async function pdfWorld() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const space = await makeContentSpace(org.id, owner, "Handbook");
  await commitChanges(space.id, owner.user.id, [
    {
      operation: "insert_page",
      ref: "intro",
      title: "Introduction",
      document: { markdown: "Welcome to the handbook.\n" },
    },
    {
      operation: "insert_page",
      into: "intro",
      title: "Setup",
      document: { markdown: "Install the tools.\n" },
    },
    {
      operation: "insert_page",
      title: "Reference",
      document: { markdown: "Main reference text.\n" },
    },
  ]);
  const png = await makePng(40, 20);
  const cr = await proposeChanges(space.id, owner.user.id, [
    {
      operation: "insert_files",
      files: [
        {
          ref: "logo",
          name: "logo.png",
          contentType: "image/png",
          base64: btoa(String.fromCharCode(...png)),
        },
      ],
    },
    {
      operation: "insert_page",
      title: "Changelog",
      document: {
        markdown:
          "# Version 2\n\nNew things arrived.\n\n![The logo](logo)\n\n- faster\n- smaller\n",
      },
    },
  ]);
  return { org, owner, reader, space: await reloadSpace(space.id), cr };
}

/** Asks for a PDF URL (200 expected) and downloads the PDF from it. */
export async function downloadPdf(token: string, path: string, query: Record<string, string> = {}) {
  const res = await as(token).get(path, { query });
  expect(res.status, res.text).toBe(200);
  const url = new URL(res.body.url);
  const file = await workerFetch(url);
  expect(file.status).toBe(200);
  expect(file.headers.get("Content-Type")).toBe("application/pdf");
  return { res, url, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** A document JSON body of one paragraph of `text`. */
export function paragraphBody(text: string): string {
  const leaf = { object: "leaf", text, marks: [] };
  const paragraph = {
    object: "block",
    type: "paragraph",
    nodes: [{ object: "text", leaves: [leaf] }],
  };
  return JSON.stringify({ object: "document", data: {}, nodes: [paragraph] });
}

/**
 * Seeds `count` document pages with the given JSON bodies straight onto a space's main line
 * (documents and rows inserted in chunks under D1's bound-parameter limit), for the large-PDF
 * tests. Every 20th page is a root; the others are its children.
 */
export async function seedPagesWithBodies(
  spaceId: string,
  count: number,
  bodyOf: (i: number) => string,
) {
  const space = await reloadSpace(spaceId);
  const db = testDb();
  const docs = new Map<string, string>();
  const pages: SeedPage[] = [];
  let parent: string | null = null;
  for (let i = 0; i < count; i++) {
    const body = bodyOf(i);
    const hash = await sha256Hex(body);
    docs.set(hash, body);
    const pageId = newId();
    const root = i % 20 === 0;
    pages.push({
      pageId,
      parentId: root ? null : parent,
      title: `Chapter ${i}`,
      slug: `chapter-${i}`,
      documentHash: hash,
    });
    if (root) parent = pageId;
  }
  const entries = [...docs].map(([hash, body]) => ({ hash, body }));
  for (let i = 0; i < entries.length; i += 40) {
    await db
      .insert(documents)
      .values(entries.slice(i, i + 40))
      .onConflictDoNothing();
  }
  return seedPageRows(space, pages);
}
