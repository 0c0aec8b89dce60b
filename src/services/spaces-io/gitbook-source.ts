import { z } from "zod";
import type { JobContext } from "../../jobs/define";
import type { ImportRunRow } from "../../db/schema";
import { OutboundError } from "../../outbound";
import { sha256HexBytes } from "../../lib/crypto";
import { imageSize } from "../../lib/image-size";
import type { JsonDocument } from "../../../core/document";
import {
  layoutFlagsOf,
  layoutRepository,
  renderSummary,
  type LayoutPage,
  type PageFrontMatter,
  type PageLayoutFlags,
} from "../../../core/gitsync";
import { fileObjectKey } from "../change-requests/writes";
import { pageFileText } from "./render-repository";
import { ImportRefused } from "./apply-plan";
import type { SourceFiles } from "./read-source";
import type { Warnings } from "./warnings";
import { openSourceToken } from "./source-token";

/** The largest file copied from another GitBook API (the outbound fetcher holds it whole). */
const MAX_COPIED_FILE_BYTES = 64 * 1024 * 1024;
/** At most this many pages are read from a source space. */
const MAX_SOURCE_PAGES = 5000;

/** A page of GitBook's Revision, as far as the copy reads it. */
interface SourcePage {
  id: string;
  title: string;
  slug?: string;
  type?: string;
  kind?: string;
  href?: string;
  description?: string;
  hidden?: boolean;
  icon?: string;
  condition?: string;
  layout?: Record<string, unknown>;
  pages?: SourcePage[];
}
const SourcePageSchema: z.ZodType<SourcePage> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    title: z.string(),
    slug: z.string().optional(),
    type: z.string().optional(),
    kind: z.string().optional(),
    href: z.string().optional(),
    description: z.string().optional(),
    hidden: z.boolean().optional(),
    icon: z.string().optional(),
    condition: z.string().optional(),
    layout: z.record(z.string(), z.unknown()).optional(),
    pages: z.array(SourcePageSchema).optional(),
  }),
);
const RevisionSchema = z.object({
  pages: z.array(SourcePageSchema),
  files: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string().min(1),
        downloadURL: z.string().min(1),
        contentType: z.string().optional(),
      }),
    )
    .default([]),
});
const PageDocumentSchema = z.object({
  document: z
    .object({ object: z.literal("document"), nodes: z.array(z.record(z.string(), z.unknown())) })
    .passthrough()
    .optional(),
});

/** GitBook's default layout flags: a copied layout keeps only the flags that differ from them. */
const DEFAULT_FLAGS: PageLayoutFlags = {
  width: "default",
  cover: true,
  coverSize: "hero",
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

/** The flags of a presented layout (every key filled in) that are not GitBook's defaults. */
function changedFlags(layout: Record<string, unknown> | undefined): PageLayoutFlags | null {
  const flags = layoutFlagsOf(layout);
  const changed = Object.entries(flags).filter(
    ([key, value]) => DEFAULT_FLAGS[key as keyof PageLayoutFlags] !== value,
  );
  return changed.length > 0 ? (Object.fromEntries(changed) as PageLayoutFlags) : null;
}

/** One GET of the source API, parsed with `schema`; every failure an `ImportRefused` saying so. */
async function getJson<T>(
  ctx: JobContext,
  url: string,
  token: string | null,
  schema: z.ZodType<T>,
) {
  let res;
  try {
    res = await ctx.outbound.request(
      url,
      {
        headers: {
          accept: "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      { timeoutMs: 20_000, maxBytes: 20 * 1024 * 1024 },
    );
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw new ImportRefused(`The GitBook API cannot be reached at ${url}: ${error.message}`);
  }
  if (res.status === 401 || res.status === 403)
    throw new ImportRefused(`The GitBook API refused the token (${res.status}) at ${url}`);
  if (res.status === 404)
    throw new ImportRefused(`The GitBook API has no such space or page (404 at ${url})`);
  if (res.status !== 200)
    throw new ImportRefused(`The GitBook API answered ${res.status} at ${url}`);
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw new ImportRefused(`The GitBook API answered something that is not JSON at ${url}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportRefused(
      `The GitBook API's answer at ${url} is not what GitBook's API answers (${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"})`,
    );
  }
  return parsed.data;
}

/** The layout's view of the source tree. */
function layoutPages(pages: readonly SourcePage[]): LayoutPage[] {
  return pages.map((p) => {
    const kind =
      (p.type ?? p.kind) === "group"
        ? "group"
        : (p.type ?? p.kind) === "link"
          ? "link"
          : "document";
    return {
      id: p.id,
      kind,
      title: p.title || "Untitled",
      slug: p.slug || p.id.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      ...(kind === "link" ? { href: p.href ?? "" } : {}),
      children: layoutPages(p.pages ?? []),
    };
  });
}

function* walk(pages: readonly SourcePage[]): Generator<SourcePage> {
  for (const p of pages) {
    yield p;
    yield* walk(p.pages ?? []);
  }
}

/**
 * Reads a space from another GitBook API (GitBook itself or another Quire) through the one
 * outbound fetcher: its revision (the tree and the files), each document page as markdown, each
 * file's bytes (stored in R2 by content). The space is turned into the Git Sync layout the file
 * import reads — links to the source's pages and files (`/pages/<id>`, `/files/<id>`) rewritten
 * as relative paths — so both imports share one plan and one writer. An unreachable API, a
 * refused token, or an answer that is not GitBook's shape fails the run with the reason.
 */
export async function readGitbookSource(
  ctx: JobContext,
  run: Pick<ImportRunRow, "id" | "source" | "sourceToken">,
  out: SourceFiles,
  warnings: Warnings,
): Promise<void> {
  if (run.source.type !== "gitbook") return;
  const token = await openSourceToken(ctx.env.SIGNING_SECRET, run.id, run.sourceToken);
  const base = run.source.url.replace(/\/+$/, "").replace(/(?<!\/v1)$/, "/v1");
  const space = encodeURIComponent(run.source.spaceId);
  const revision = await getJson(ctx, `${base}/spaces/${space}/content`, token, RevisionSchema);
  const all = [...walk(revision.pages)];
  if (all.length > MAX_SOURCE_PAGES)
    throw new ImportRefused(
      `The source space has ${all.length} pages; at most ${MAX_SOURCE_PAGES} are imported at once`,
    );
  const layout = layoutRepository(layoutPages(revision.pages), revision.files);
  warnings.addAll(layout.warnings);
  out.markdown.set("SUMMARY.md", renderSummary(layout.summary));
  const titles = new Map(all.map((p) => [p.id, p.title]));
  for (const page of all) {
    const path = layout.pagePaths.get(page.id);
    if (!path) continue;
    const body = await getJson(
      ctx,
      `${base}/spaces/${space}/content/page/${encodeURIComponent(page.id)}?format=document`,
      token,
      PageDocumentSchema,
    );
    const document = (body.document ?? {
      object: "document",
      data: {},
      nodes: [],
    }) as unknown as JsonDocument;
    const flags = changedFlags(page.layout);
    const meta: PageFrontMatter = {
      ...(page.description ? { description: page.description } : {}),
      ...(page.icon ? { icon: page.icon } : {}),
      ...(page.hidden ? { hidden: true } : {}),
      ...(page.condition ? { condition: page.condition } : {}),
      ...(flags ? { layout: flags } : {}),
    };
    const text = pageFileText(layout, path, { title: page.title, meta, document }, titles);
    if (text === null) warnings.add(`${path}: the source page's document could not be read`);
    out.markdown.set(path, text ?? `# ${page.title}\n`);
  }
  const unstored = (out.unstored ??= new Map());
  for (const file of revision.files) {
    const path = layout.filePaths.get(file.id)!;
    let res;
    try {
      res = await ctx.outbound.request(
        file.downloadURL,
        {},
        { timeoutMs: 60_000, maxBytes: MAX_COPIED_FILE_BYTES },
      );
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      warnings.add(`${file.name}: its bytes could not be copied (${error.message}); not imported`);
      unstored.set(path, `its bytes could not be copied (${error.message})`);
      continue;
    }
    if (res.status !== 200) {
      warnings.add(`${file.name}: the download answered ${res.status}; not imported`);
      unstored.set(path, `the download answered ${res.status}`);
      continue;
    }
    const bytes = res.body;
    const hash = await sha256HexBytes(bytes);
    const contentType =
      file.contentType ?? res.headers.get("content-type") ?? "application/octet-stream";
    if (!(await ctx.env.FILES.head(fileObjectKey(hash))))
      await ctx.env.FILES.put(fileObjectKey(hash), bytes, { httpMetadata: { contentType } });
    const size = contentType.startsWith("image/") ? imageSize(bytes) : null;
    out.assets.set(path, {
      path,
      name: file.name,
      hash,
      size: bytes.byteLength,
      contentType,
      width: size?.width ?? null,
      height: size?.height ?? null,
    });
  }
}
