import { MAX_FILE_BYTES, MAX_URL_FILE_BYTES, sizeInWords } from "../../../core/files/limits";
import { MEDIA_TYPE_PATTERN } from "../../../core/requests/media-type";
import { reasonOf, request, uploadInParts } from "./large-upload";

/**
 * Sending a pasted or dropped file to the change request as one of the space's files: one
 * content batch (`insert_files`) on the app's own origin with the session's cookie and CSRF
 * token — the bytes as base64 up to 1 MiB, a larger file (up to 100 MiB) first uploaded in parts
 * and named by its storage key (large-upload.ts). Only the file's bytes, a cleaned name and its
 * media type travel; the browser fetches no URL of the pasted content. Upload progress comes
 * from the XHR's `upload` events (fetch has none).
 */

/** Where uploads go: the change request of the page edited. */
export interface UploadTarget {
  spaceId: string;
  changeRequestId: string;
}

/** A file the batch stored: its id in the space (what a block's `ref` names). */
export interface Uploaded {
  id: string;
  name: string;
  contentType: string;
}

/** Why a file is not sent at all (too large): said to the person, nothing is uploaded. */
export function refusalOf(file: File): string | null {
  if (file.size <= MAX_URL_FILE_BYTES) return null;
  return (
    `"${cleanName(file)}" is ${sizeInWords(file.size)}: a file can be at most ` +
    `${sizeInWords(MAX_URL_FILE_BYTES)}. Make it smaller, then paste or drop it again.`
  );
}

/** The file's name as the batch takes it: no path, no control characters, at most 256. */
export function cleanName(file: File): string {
  const last = file.name.split(/[\\/]/).pop() ?? "";
  const base = [...last].filter((ch) => ch.charCodeAt(0) > 0x1f && ch !== "\u007f").join("");
  const trimmed = base.trim().slice(0, 256);
  if (trimmed) return trimmed;
  const ext = /^image\/(png|jpeg|gif|webp)$/.exec(file.type)?.[1];
  return ext ? `pasted-image.${ext === "jpeg" ? "jpg" : ext}` : "pasted-file";
}

/** The file's media type when it is one (RFC 9110), else bytes. */
function mediaTypeOf(file: File): string {
  const type = file.type.trim().toLowerCase();
  return type && type.length <= 255 && MEDIA_TYPE_PATTERN.test(type)
    ? type
    : "application/octet-stream";
}

/** The file's bytes as base64 (the data URL's payload). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => reject(new Error(`"${cleanName(file)}" could not be read`));
    reader.readAsDataURL(file);
  });
}

/** Uploads `file` into the change request; `progress` gets 0..1 while the bytes go. */
export async function uploadFile(
  target: UploadTarget,
  file: File,
  progress: (fraction: number) => void,
): Promise<Uploaded> {
  const name = cleanName(file);
  const contentType = mediaTypeOf(file);
  // Up to the batch's cap the bytes go in it; larger, uploaded first and named by their key.
  const source =
    file.size <= MAX_FILE_BYTES
      ? { base64: await base64Of(file) }
      : { storageKey: await uploadInParts(target.spaceId, file, { name, contentType }, progress) };
  const body = JSON.stringify({
    changes: [{ operation: "insert_files", files: [{ name, contentType, ...source }] }],
  });
  const path = [
    "/v1/spaces",
    encodeURIComponent(target.spaceId),
    "change-requests",
    encodeURIComponent(target.changeRequestId),
    "content?compat=false",
  ].join("/");
  const answer = await request(
    "POST",
    path,
    body,
    { "Content-Type": "application/json" },
    (bytes) => source.base64 !== undefined && progress(bytes / body.length),
  );
  if (answer.status !== 200) throw new Error(reasonOf(answer.status, answer.text));
  const parsed = JSON.parse(answer.text) as { insertedFiles?: Uploaded[] };
  const stored = parsed.insertedFiles?.[0];
  if (!stored) throw new Error("Quire stored no file (an unexpected answer)");
  return stored;
}
