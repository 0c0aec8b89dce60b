import { MAX_FILE_BYTES, sizeInWords } from "../../../core/files/limits";
import { MEDIA_TYPE_PATTERN } from "../../../core/requests/media-type";
import { CSRF_HEADER } from "../../../core/sessions/csrf";

/**
 * Sending a pasted or dropped file to the change request as one of the space's files: one
 * content batch (`insert_files`, the bytes as base64) on the app's own origin with the session's
 * cookie and CSRF token. Only the file's bytes, a cleaned name and its media type travel; the
 * browser fetches no URL of the pasted content. Upload progress comes from the XHR's `upload`
 * events (fetch has none).
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
  if (file.size <= MAX_FILE_BYTES) return null;
  return (
    `"${cleanName(file)}" is ${sizeInWords(file.size)}: a file can be at most ` +
    `${sizeInWords(MAX_FILE_BYTES)}. Make it smaller, then paste or drop it again.`
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

/** The API's reason in a refusal's body, or a sentence for its status. */
function reasonOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === "string") return parsed.error.message;
  } catch {
    // Not the API's JSON (a proxy's page): say the status.
  }
  if (status === 401) return "your session ended: sign in again, then drop the file again";
  return `Quire answered ${status}`;
}

/** The session's CSRF token, from the page's `<meta name="quire-csrf">`. */
function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="quire-csrf"]')?.content ?? "";
}

/** Uploads `file` into the change request; `progress` gets 0..1 while the bytes go. */
export async function uploadFile(
  target: UploadTarget,
  file: File,
  progress: (fraction: number) => void,
): Promise<Uploaded> {
  const name = cleanName(file);
  const contentType = mediaTypeOf(file);
  const base64 = await base64Of(file);
  const body = JSON.stringify({
    changes: [{ operation: "insert_files", files: [{ name, contentType, base64 }] }],
  });
  const path = [
    "/v1/spaces",
    encodeURIComponent(target.spaceId),
    "change-requests",
    encodeURIComponent(target.changeRequestId),
    "content?compat=false",
  ].join("/");
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader(CSRF_HEADER, csrfToken());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) progress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error("Quire could not be reached: check the connection"));
    xhr.send(body);
  });
  if (answer.status !== 200) throw new Error(reasonOf(answer.status, answer.text));
  const parsed = JSON.parse(answer.text) as { insertedFiles?: Uploaded[] };
  const stored = parsed.insertedFiles?.[0];
  if (!stored) throw new Error("Quire stored no file (an unexpected answer)");
  return stored;
}
