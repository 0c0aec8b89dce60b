import type { SpaceExportRow } from "../db/schema";
import type { Urls } from "../http/urls";
import type { SpaceExport } from "../api/spaces-io";

/** The API path of a space export. */
function exportPath(row: Pick<SpaceExportRow, "spaceId" | "id">): string {
  return `/spaces/${row.spaceId}/exports/${row.id}`;
}

/** A space export on the wire: state, progress, result and, once completed, its signed download. */
export function presentSpaceExport(
  urls: Urls,
  row: SpaceExportRow,
  downloadURL: string | null,
): SpaceExport {
  return {
    object: "space-export",
    id: row.id,
    space: row.spaceId,
    ...(row.changeRequestId ? { changeRequest: row.changeRequestId } : {}),
    format: row.format,
    status: row.status,
    ...(row.reason ? { reason: row.reason } : {}),
    progress: { done: row.progressDone, total: row.progressTotal },
    ...(row.result ? { result: row.result } : {}),
    ...(downloadURL && row.archiveSize !== null
      ? { archive: { size: row.archiveSize, downloadURL } }
      : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.completedAt ? { completedAt: row.completedAt } : {}),
    urls: { location: urls.api(exportPath(row)) },
  };
}
