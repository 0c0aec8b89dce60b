import { UPLOAD_PART_BYTES } from "../../../core/files/limits";
import { CSRF_HEADER } from "../../../core/sessions/csrf";

/**
 * A pasted or dropped file over the content batch's 1 MiB `base64` cap (up to 100 MiB): signed
 * as an `organization_file` upload (`generateStorageUploadURL`), sent in 5 MiB parts
 * (`Content-Range`, the API's resumable upload) with progress, each failed part sent again from
 * what the API says arrived (a dropped connection or an offline moment costs one part, not the
 * file), then named by its storage key in the batch (upload-request.ts). All on the app's own
 * origin with the session's cookie and CSRF token.
 */

/** How often one part is tried before the upload gives up (waits 1, 2, 4, 8, 16 s between). */
const PART_ATTEMPTS = 6;

/** A request's answer: its status and text (a network failure rejects). */
interface Answer {
  status: number;
  text: string;
}

/** The session's CSRF token, from the page's `<meta name="quire-csrf">`. */
function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="quire-csrf"]')?.content ?? "";
}

/** The API's reason in a refusal's body, or a sentence for its status. */
export function reasonOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === "string") return parsed.error.message;
  } catch {
    // Not the API's JSON (a proxy's page): say the status.
  }
  if (status === 401) return "your session ended: sign in again, then drop the file again";
  return `Quire answered ${status}`;
}

/** One request by XHR (upload progress has no fetch event): `sent` gets the bytes sent so far. */
export function request(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  headers: Record<string, string>,
  sent: (bytes: number) => void = () => {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader(CSRF_HEADER, csrfToken());
    xhr.upload.onprogress = (event) => sent(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error("Quire could not be reached: check the connection"));
    xhr.send(body);
  });
}

/** The answer's JSON when it is a success, else the API's reason as an error. */
function successOf<T>(answer: Answer, ok: number[] = [200]): T {
  if (!ok.includes(answer.status)) throw new Error(reasonOf(answer.status, answer.text));
  return JSON.parse(answer.text) as T;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many bytes the upload at `url` holds (after a failed part). */
async function arrived(url: string): Promise<number> {
  const state = successOf<{ received: number }>(await request("GET", url, null, {}));
  return state.received;
}

/**
 * Sends `file` as an upload of the space's organization; answers its storage key. `progress`
 * gets 0..1 while the bytes go.
 */
export async function uploadInParts(
  spaceId: string,
  file: File,
  meta: { name: string; contentType: string },
  progress: (fraction: number) => void,
): Promise<string> {
  const space = successOf<{ organization: string }>(
    await request("GET", `/v1/spaces/${encodeURIComponent(spaceId)}`, null, {}),
  );
  const signed = successOf<{ url: string; key: string }>(
    await request(
      "POST",
      `/v1/orgs/${encodeURIComponent(space.organization)}/storage/upload`,
      JSON.stringify({
        kind: "organization_file",
        file: { name: meta.name, type: meta.contentType, size: file.size },
      }),
      { "Content-Type": "application/json" },
    ),
    [200, 201],
  );
  let received = 0;
  let failures = 0;
  while (received < file.size) {
    const end = Math.min(received + UPLOAD_PART_BYTES, file.size);
    const from = received;
    try {
      const answer = await request(
        "PUT",
        signed.url,
        file.slice(from, end),
        { "Content-Range": `bytes ${from}-${end - 1}/${file.size}` },
        (bytes) => progress((from + bytes) / file.size),
      );
      // Out of order (a part the API had already taken): go on from what it holds.
      if (answer.status === 409) received = await arrived(signed.url);
      else received = successOf<{ received: number }>(answer).received;
      failures = 0;
    } catch (error) {
      if (++failures >= PART_ATTEMPTS || !(error instanceof Error)) throw error;
      if (!/could not be reached/.test(error.message)) throw error;
      await wait(1000 * 2 ** (failures - 1));
      received = await arrived(signed.url).catch(() => from);
    }
  }
  progress(1);
  return signed.key;
}
