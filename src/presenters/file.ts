import type { FileRow } from "../db/schema";

import type { RevisionFile } from "../api/content-responses";

/**
 * A file of a revision looks the same from every endpoint. The download URL is signed by the
 * caller (it expires, so it is made per response); `dimensions` only when both are known.
 */
export function presentFile(
  row: Pick<FileRow, "fileId" | "name" | "contentType" | "size" | "width" | "height">,
  downloadURL: string,
): RevisionFile {
  return {
    id: row.fileId,
    name: row.name,
    contentType: row.contentType,
    downloadURL,
    size: row.size,
    ...(row.width !== null && row.height !== null
      ? { dimensions: { width: row.width, height: row.height } }
      : {}),
  };
}
