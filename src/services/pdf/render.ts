import type { Database } from "../../db/client";
import { fileObjectKey } from "../change-requests/writes";
import { slugify } from "../../content/tree";
import { signedDownloadPath } from "../../lib/signing";
import { renderPdf } from "../../pdf/document";
import { loadPdfContent } from "./source";
import { renderSpecBodies } from "../../../core/openapi-pages";
import { loadSpecDocuments } from "../content/openapi-specs";
import { pdfObjectKey, type PdfSelection } from "../../pdf/store";
import type { PdfTarget } from "./target";

/** The bindings the PDF service uses. */
export interface PdfBindings {
  FILES: R2Bucket;
  SIGNING_SECRET: string;
}

/** The title page's lines under the title, before the page selection is known. */
function subtitleOf(target: PdfTarget): string[] {
  const cr = target.changeRequest;
  if (!cr) return [];
  return [
    cr.subject ? `Change request #${cr.number}: ${cr.subject}` : `Change request #${cr.number}`,
  ];
}

/** The download's file name: the space's slug, and the change request's number. */
function fileNameOf(target: PdfTarget): string {
  const base = slugify(target.spaceTitle).slice(0, 60);
  const cr = target.changeRequest;
  return cr ? `${base}-change-request-${cr.number}.pdf` : `${base}.pdf`;
}

/**
 * The signed download path of the target's PDF. The PDF is looked up in R2 by its key first
 * and rendered only when absent (one more D1 round trip, then the render and one R2 put).
 */
export async function pdfDownloadPath(
  db: Database,
  env: PdfBindings,
  target: PdfTarget,
  selection: PdfSelection,
): Promise<string> {
  const subtitle = subtitleOf(target);
  const footnote = `Revision ${target.revision.id} \u00b7 ${target.revision.createdAt.slice(0, 10)}`;
  const key = await pdfObjectKey(target.pointer, selection, [
    target.spaceTitle,
    ...subtitle,
    footnote,
    // Not on the title page, but the pages computed from specs depend on it.
    target.specState,
    // A visitor's adaptive view is a PDF of its own.
    ...(target.visitor ? [`visitor:${target.visitor.key}`] : []),
  ]);
  if (!(await env.FILES.head(key))) {
    const content = await loadPdfContent(db, target.pointer, selection, target.visitor?.shows);
    if (content.pageTitle !== null) {
      subtitle.push(
        selection.only
          ? `Page: ${content.pageTitle}`
          : `Page: ${content.pageTitle} and its subpages`,
      );
    }
    const bytes = await renderPdf({
      spaceId: target.pointer.spaceId,
      title: target.spaceTitle,
      subtitle,
      footnote,
      roots: content.roots,
      // Computed pages and openapi blocks, rendered from their specs' latest versions.
      bodies: renderSpecBodies(
        content.bodies,
        content.computed,
        await loadSpecDocuments(env.FILES, content.specs),
      ),
      files: content.files,
      fileBytes: async (file) => {
        const object = await env.FILES.get(fileObjectKey(file.hash));
        return object ? new Uint8Array(await object.arrayBuffer()) : null;
      },
    });
    await env.FILES.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  }
  return signedDownloadPath(env.SIGNING_SECRET, key, {
    spaceId: target.pointer.spaceId,
    contentType: "application/pdf",
    filename: fileNameOf(target),
  });
}
