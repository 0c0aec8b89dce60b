import { expect } from "vitest";
import { templatePages } from "../../src/services/templates/build";
import type { SpaceTemplate } from "../../src/services/templates/index";
import { as, type ApiResponse } from "./api";
import { createCr, makeCrWorld, postContent } from "./change-requests-factories";
import { seedMainFile } from "./content-factories";
import { makeMember, type TestUser } from "./factories";

/** A page as the content reads present it (the fields the template tests look at). */
export interface ReadPage {
  id: string;
  title: string;
  slug: string;
  path: string;
  emoji?: string;
  description?: string;
  pages: ReadPage[];
}

/** An organization, its owner, an editor (org role `edit`) and one empty space. */
export async function makeTemplateWorld() {
  const world = await makeCrWorld();
  const editor = await makeMember(world.org.id, "edit");
  return { ...world, editor };
}

/** Applies a template through the API: `POST /spaces/{spaceId}/content/template`. */
export function applyTemplate(user: TestUser, spaceId: string, body: unknown) {
  return as(user.token).post(`/spaces/${spaceId}/content/template`, body);
}

/** Puts a small PNG-typed file on the space's main line; returns its id. */
export async function mainFile(spaceId: string, name = "logo.png") {
  const bytes = new Uint8Array(64).fill(9);
  const row = await seedMainFile(spaceId, { name, contentType: "image/png", bytes });
  return row.fileId;
}

/** Inserts a file into a change request through a content batch; returns its id. */
export async function changeRequestFile(user: TestUser, spaceId: string, crId: string) {
  const res = await postContent(
    user,
    spaceId,
    crId,
    [
      {
        operation: "insert_files",
        files: [{ name: "shot.png", contentType: "image/png", base64: btoa("png-bytes") }],
      },
    ],
    false,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.insertedFiles[0].id as string;
}

/** Opens a change request through the API and returns its body. */
export function openCr(user: TestUser, spaceId: string) {
  return createCr(user, spaceId, "Template");
}

/** The content base of main or of a change request. */
function contentBase(spaceId: string, crId?: string) {
  return crId ? `/spaces/${spaceId}/change-requests/${crId}/content` : `/spaces/${spaceId}/content`;
}

/** The page tree of main or of a change request, read through the API. */
export async function readPages(user: TestUser, spaceId: string, crId?: string) {
  const res = await as(user.token).get(`${contentBase(spaceId, crId)}/pages`);
  expect(res.status, res.text).toBe(200);
  return res.body.pages as ReadPage[];
}

/** A page's body as markdown, read through the API. */
export async function readMarkdown(user: TestUser, spaceId: string, pageId: string, crId?: string) {
  const res = await as(user.token).get(`${contentBase(spaceId, crId)}/page/${pageId}`, {
    query: { format: "markdown" },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.markdown as string;
}

/** Every page of a read tree, depth first. */
export function flatten(pages: ReadPage[]): ReadPage[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

/**
 * Table rows with their padding removed (`|  a   |` as `| a |`, `| --- |` as `| - |`): the
 * renderer pads tables to their cells (GitBook's form), the templates are written unpadded.
 */
export function unpadTables(markdown: string): string {
  return markdown.replace(/^\|.*\|$/gm, (row) => row.replace(/ {2,}/g, " ").replace(/-{2,}/g, "-"));
}

/**
 * The markdown a template page reads back as: links between template pages become `/pages/<id>`,
 * filled slots `/files/<id>`, unfilled slot images are gone.
 */
export function expectedMarkdown(
  markdown: string,
  pageIds: ReadonlyMap<string, string>,
  files: ReadonlyMap<string, string>,
): string {
  const lines: string[] = [];
  const source = markdown.split("\n");
  for (let i = 0; i < source.length; i++) {
    const slot = /^!\[([^\]]*)\]\(slot:([a-z0-9-]+)\)$/.exec(source[i]!);
    if (!slot) {
      lines.push(source[i]!);
      continue;
    }
    const file = files.get(slot[2]!);
    if (file)
      lines.push(
        `<figure><img src="/files/${file}" alt="${slot[1]}"><figcaption></figcaption></figure>`,
      );
    else if (source[i + 1] === "" && i + 1 < source.length - 1) i++;
    else if (lines[lines.length - 1] === "") lines.pop();
  }
  return lines
    .join("\n")
    .replace(/\]\(([a-z0-9-]+)\)/g, (m, ref: string) =>
      pageIds.has(ref) ? `](/pages/${pageIds.get(ref)})` : m,
    );
}

/**
 * Checks that a template's pages are in the tree (top-level ones among `roots`, matched by
 * title and in the template's order, children nested as in the template) and returns the page
 * id of each template ref.
 */
export function matchTemplate(template: SpaceTemplate, roots: ReadPage[]): Map<string, string> {
  const ids = new Map<string, string>();
  const match = (pages: SpaceTemplate["pages"], read: ReadPage[]) => {
    expect(read.map((p) => p.title)).toEqual(pages.map((p) => p.title));
    pages.forEach((page, i) => {
      const got = read[i]!;
      expect(got).toMatchObject({ title: page.title, slug: page.slug });
      if (page.emoji) expect(got.emoji).toBe(page.emoji);
      if (page.description) expect(got.description).toBe(page.description);
      ids.set(page.ref, got.id);
      match(page.children ?? [], got.pages ?? []);
    });
  };
  match(template.pages, roots.slice(roots.length - template.pages.length));
  expect(ids.size).toBe(templatePages(template).length);
  return ids;
}

/** Asserts a 400 whose message starts with the named field. */
export function expect400(res: ApiResponse, field: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.error.message.startsWith(`${field}:`), res.body.error.message).toBe(true);
}
