/**
 * How large an uploaded file may be: the content batch's `insert_files` refuses a decoded
 * `base64` source above it (src/content/apply-steps.ts), and the editor's paste and drop say so
 * before sending (app/client/editor/uploads.ts). One home, so both sides say the same size.
 */

/** Largest decoded `base64` file source, as the official document states (1 MiB). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** A byte count in words ("1.4 MB", "320 KB"), as the editor's messages say sizes. */
export function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Largest file an `insert_files` `url` source may answer (src/services/change-requests/url-files.ts),
 * and an `organization_file` upload may hold (src/routes/spaces-io/uploads.ts): what the editor's
 * paste and drop send in parts (app/client/editor/large-upload.ts).
 */
export const MAX_URL_FILE_BYTES = 100 * 1024 * 1024;

/** A resumable upload's part (every part but the last): R2's multipart minimum, 5 MiB. */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
