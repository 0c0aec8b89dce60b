import type { ImportRunRow } from "../db/schema";
import type { Urls } from "../http/urls";
import type { ImportRun } from "../api/imports";

/** The API path of an import run. */
function importRunPath(row: Pick<ImportRunRow, "organizationId" | "id">): string {
  return `/org/${row.organizationId}/imports/${row.id}`;
}

/** An import run on the wire (official ContentImportRun, plus progress and result). */
export function presentImportRun(urls: Urls, row: ImportRunRow): ImportRun {
  return {
    object: "import-run",
    id: row.id,
    ...(row.startedAt ? { startedAt: row.startedAt } : {}),
    ...(row.completedAt && row.status === "completed" ? { completedAt: row.completedAt } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    status: row.status,
    ...(row.reason ? { reason: row.reason } : {}),
    // A GitBook-API copy (Quire extension) shows as the official `website` source, the space's
    // API address, with `api: "gitbook"` saying which kind of site it reads.
    source:
      row.source.type === "gitbook"
        ? {
            type: "website",
            url: `${row.source.url.replace(/\/+$/, "")}/spaces/${row.source.spaceId}`,
            api: "gitbook",
            spaceId: row.source.spaceId,
          }
        : row.source,
    target: {
      space: row.spaceId,
      ...(row.changeRequestId ? { changeRequest: row.changeRequestId } : {}),
      ...(row.underPageId ? { page: row.underPageId } : {}),
    },
    createdBy: row.createdBy,
    urls: { location: urls.api(importRunPath(row)) },
    pages: (row.pages ?? []).map((p) => ({ id: p.id, type: p.type, status: p.status })),
    progress: { done: row.progressDone, total: row.progressTotal },
    ...(row.result ? { result: row.result } : {}),
  };
}
