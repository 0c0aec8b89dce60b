import { badRequest, conflict } from "../../lib/errors";
import { UPLOAD_PART_BYTES } from "../../../core/files/limits";

/**
 * Resumable signed uploads (a Quire extension of the URL generateStorageUploadURL answers): the
 * bytes arrive in `Content-Range: bytes a-b/total` parts, in order, each an R2 multipart part.
 * What arrived is kept beside the upload (`upload-state/<key>`), so an interrupted part is sent
 * again from the last whole one; a GET of the URL says how far it got.
 */

/** Smallest part but the last (R2's multipart minimum). */
export const MIN_PART_BYTES = UPLOAD_PART_BYTES;

/** What arrived of a resumable upload so far. */
interface PartState {
  uploadId: string;
  /** Every part but the last has this size (R2 wants them equal); set by the first part. */
  partSize: number;
  received: number;
  parts: R2UploadedPart[];
}

const stateKey = (key: string) => `upload-state/${key}`;

/** A `Content-Range: bytes a-b/total` header, or null when malformed. */
function parseRange(header: string): { first: number; last: number; total: number } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  if (!m) return null;
  const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return last >= first && last < total ? { first, last, total } : null;
}

async function readState(bucket: R2Bucket, key: string): Promise<PartState | null> {
  const found = await bucket.get(stateKey(key));
  return found ? ((await found.json()) as PartState) : null;
}

/** How much of an upload arrived: all of it once stored, else the parts so far. */
export async function uploadProgress(
  bucket: R2Bucket,
  key: string,
  size: number,
): Promise<{ received: number; complete: boolean }> {
  const state = await readState(bucket, key);
  if (state) return { received: state.received, complete: false };
  const whole = await bucket.head(key);
  return whole ? { received: size, complete: true } : { received: 0, complete: false };
}

/**
 * Stores one part of a signed upload of `size` bytes. Refuses a part out of order (409 saying
 * how much arrived), a total other than the signed size, and a part but the last under 5 MiB or
 * of another size than the first. The last part completes the upload.
 */
export async function putPart(
  bucket: R2Bucket,
  upload: { key: string; size: number },
  header: { range: string; length: number },
  body: ReadableStream<Uint8Array>,
): Promise<{ received: number; complete: boolean }> {
  const range = parseRange(header.range);
  if (!range) throw badRequest("Content-Range: expected bytes <first>-<last>/<total>");
  if (range.total !== upload.size)
    throw badRequest(`Content-Range: the total is ${upload.size} bytes for this upload link`);
  const length = range.last - range.first + 1;
  if (length !== header.length)
    throw badRequest(`Content-Length: ${header.length}, but the range holds ${length} bytes`);
  const isLast = range.last === range.total - 1;
  const state = await readState(bucket, upload.key);
  const received = state?.received ?? 0;
  if (!state && (await bucket.head(upload.key))) throw conflict("This upload is already complete");
  if (range.first !== received)
    throw conflict(`Part out of order: ${received} bytes arrived; send bytes ${received}- next`);
  const partSize = state?.partSize ?? length;
  if (!isLast && (length < MIN_PART_BYTES || length !== partSize))
    throw badRequest(
      `Content-Range: every part but the last is ${state ? partSize : `at least ${MIN_PART_BYTES}`} bytes`,
    );
  if (isLast && length > partSize)
    throw badRequest(`Content-Range: the last part is at most ${partSize} bytes`);
  const multipart = state
    ? bucket.resumeMultipartUpload(upload.key, state.uploadId)
    : await bucket.createMultipartUpload(upload.key);
  const part = await multipart.uploadPart(state ? state.parts.length + 1 : 1, body);
  const parts = [...(state?.parts ?? []), part];
  if (isLast) {
    await multipart.complete(parts);
    await bucket.delete(stateKey(upload.key));
    return { received: upload.size, complete: true };
  }
  const next: PartState = {
    uploadId: multipart.uploadId,
    partSize,
    received: range.last + 1,
    parts,
  };
  await bucket.put(stateKey(upload.key), JSON.stringify(next));
  return { received: next.received, complete: false };
}
