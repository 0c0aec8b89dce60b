import type { ContentPointer } from "../content/pointer";
import { sha256Hex } from "../lib/crypto";

/** Which pages a PDF shows: the whole revision, a page and its subpages, or one page. */
export interface PdfSelection {
  pageId?: string;
  only: boolean;
}

/** Bumped when the renderer's output changes, so PDFs rendered before are not served again. */
const PDF_RENDERER_VERSION = 1;

/** The R2 prefix holding every PDF of a space. */
function spacePdfPrefix(spaceId: string): string {
  return `pdfs/${spaceId}/`;
}

/**
 * The R2 key of a rendered PDF: the space, the line and sequence of the revision, and a hash
 * of everything else the bytes depend on (the base of a change request, the page selection,
 * the title page's text and what it depends on beyond the content, such as the state of the
 * API specs computed pages render from, and the renderer version). Equal inputs give the same key, so an
 * unchanged revision is rendered once.
 */
export async function pdfObjectKey(
  p: ContentPointer,
  selection: PdfSelection,
  titlePage: readonly string[],
): Promise<string> {
  const inputs = [
    PDF_RENDERER_VERSION,
    p.baseSeq,
    p.revisionId,
    selection.pageId ?? null,
    selection.pageId ? selection.only : false,
    ...titlePage,
  ];
  const digest = await sha256Hex(JSON.stringify(inputs));
  return `${spacePdfPrefix(p.spaceId)}${p.lineId}/${p.seq}/${digest.slice(0, 32)}.pdf`;
}

/** Most objects `deleteSpacePdfs` removes per call (R2 lists and deletes 1,000 keys at most). */
const PDF_PURGE_BATCH = 1000;

/**
 * Deletes a space's cached PDFs, at most `limit` per call (one R2 list and one delete), for
 * the retention purge of a deleted space. Returns how many were deleted and whether more
 * remain: call again (in the same run or the next) until `more` is false.
 */
export async function deleteSpacePdfs(
  bucket: R2Bucket,
  spaceId: string,
  limit = PDF_PURGE_BATCH,
): Promise<{ deleted: number; more: boolean }> {
  const listed = await bucket.list({
    prefix: spacePdfPrefix(spaceId),
    limit: Math.max(1, Math.min(limit, PDF_PURGE_BATCH)),
  });
  const keys = listed.objects.map((o) => o.key);
  if (keys.length > 0) await bucket.delete(keys);
  return { deleted: keys.length, more: listed.truncated };
}
