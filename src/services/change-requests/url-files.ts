import { OutboundError, type Outbound } from "../../outbound";
import type { Change } from "../../content/change-schema";
import type { StoredFile } from "../../content/apply-steps";
import { badRequest, notFound } from "../../lib/errors";
import { organizationFilePrefix } from "../spaces-io/uploads";
import { MIN_PART_BYTES, uploadProgress } from "../spaces-io/upload-parts";
import { newId } from "../../lib/ids";
import { imageSize } from "../../lib/image-size";
import { MEDIA_TYPE_PATTERN } from "../../../core/requests/media-type";
import { MAX_URL_FILE_BYTES } from "../../../core/files/limits";
import { hexOf } from "../../../core/digest";
import { fileObjectKey } from "./writes";

/**
 * `insert_files` items with a `url` source (or a `storageKey`, an uploaded file): each fetched once, before the batch is applied (its
 * retries reuse the result), through the outbound fetcher (its SSRF rules), and streamed to R2
 * in 5 MiB multipart parts while hashed, so a 100 MiB video is never whole in memory.
 */

/** R2's multipart parts: every part but the last exactly this size (R2 wants them equal). */
const PART_BYTES = MIN_PART_BYTES;
/** The whole fetch, answer and body, within this time. */
const FETCH_TIMEOUT_MS = 120_000;
/** The first bytes kept to read an image's size from (PNG, GIF, WebP headers; JPEG's SOF). */
const HEAD_BYTES = 256 * 1024;

/**
 * Fetches and stores every `url` source of a batch, and copies every `storageKey` source (an
 * `organization_file` upload of `orgId`, arrived whole) to its content address; keyed
 * `"<change index>:<file index>"`.
 */
export async function storeFileSources(
  outbound: Outbound,
  bucket: R2Bucket,
  orgId: string,
  changes: Change[],
): Promise<Map<string, StoredFile>> {
  const stored = new Map<string, StoredFile>();
  for (const [i, change] of changes.entries()) {
    if (change.operation !== "insert_files") continue;
    for (const [j, file] of change.files.entries()) {
      if (file.base64 !== undefined || (file.url === undefined) === (file.storageKey === undefined))
        continue;
      const at = `body.changes[${i}].files[${j}]`;
      stored.set(
        `${i}:${j}`,
        file.url !== undefined
          ? await storeOne(outbound, bucket, file.url, file.contentType, `${at}.url`)
          : await storeUploaded(
              bucket,
              orgId,
              file.storageKey!,
              file.contentType,
              `${at}.storageKey`,
            ),
      );
    }
  }
  return stored;
}

/** An `organization_file` upload of this organization, rehashed into its content address. */
async function storeUploaded(
  bucket: R2Bucket,
  orgId: string,
  key: string,
  given: string | undefined,
  at: string,
): Promise<StoredFile> {
  if (!key.startsWith(organizationFilePrefix(orgId)))
    throw notFound(`${at}: upload ${key} in this organization`);
  const progress = await uploadProgress(bucket, key, 0);
  const object = progress.complete ? await bucket.get(key) : null;
  if (!object)
    throw progress.received > 0
      ? badRequest(`${at}: this upload is unfinished (${progress.received} bytes arrived)`)
      : notFound(`${at}: upload ${key} in this organization`);
  const sink = new PartSink(bucket, contentTypeOf(given, object.httpMetadata?.contentType ?? null));
  return drainInto(object.body, sink);
}

/** Streams `body` into `sink` and stores it; a failure aborts the parts written so far. */
async function drainInto(body: ReadableStream<Uint8Array>, sink: PartSink): Promise<StoredFile> {
  try {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await sink.write(value);
    }
    return await sink.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/** What a refusal of the outbound fetcher means to the caller, naming the field. */
function refusal(error: unknown, at: string): Error {
  if (!(error instanceof OutboundError))
    return error instanceof Error ? error : new Error(String(error));
  const why: Record<OutboundError["code"], string> = {
    invalid_url: error.message,
    blocked_address: `refused: ${error.message} (private, loopback and metadata addresses are not fetched)`,
    timeout: `no complete answer within ${FETCH_TIMEOUT_MS / 1000} s`,
    too_large: `the file is larger than ${MAX_URL_FILE_BYTES / (1024 * 1024)} MiB`,
    network: `unreachable (${error.message})`,
    too_many_redirects: error.message,
  };
  return badRequest(`${at}: ${why[error.code]}`);
}

/** The content type to store: the item's, else the answer's when it is a valid media type. */
function contentTypeOf(given: string | undefined, answered: string | null): string {
  if (given) return given;
  const type = answered?.trim() ?? "";
  return MEDIA_TYPE_PATTERN.test(type) ? type : "application/octet-stream";
}

async function storeOne(
  outbound: Outbound,
  bucket: R2Bucket,
  url: string,
  given: string | undefined,
  at: string,
): Promise<StoredFile> {
  let res;
  try {
    res = await outbound.stream(
      url,
      {},
      { maxBytes: MAX_URL_FILE_BYTES, timeoutMs: FETCH_TIMEOUT_MS },
    );
  } catch (error) {
    throw refusal(error, at);
  }
  if (res.status < 200 || res.status > 299) {
    await res.body.cancel();
    throw badRequest(`${at}: ${new URL(res.url).host} answered ${res.status}`);
  }
  const contentType = contentTypeOf(given, res.headers.get("content-type"));
  return drainInto(res.body, new PartSink(bucket, contentType)).catch((error: unknown) => {
    throw refusal(error, at);
  });
}

/**
 * Bytes written in order: hashed as they come, cut into exact 5 MiB parts of a multipart upload
 * to a staging key, then stored at their content address (small files: one put).
 */
class PartSink {
  // workerd's streaming digest (crypto.DigestStream; the global name is not defined).
  private readonly digest = new (
    crypto as unknown as { DigestStream: typeof DigestStream }
  ).DigestStream("SHA-256");
  private readonly hasher = this.digest.getWriter();
  private readonly staging = `staging/url-files/${newId()}`;
  private upload: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private head = new Uint8Array(0);
  private size = 0;

  constructor(
    private readonly bucket: R2Bucket,
    private readonly contentType: string,
  ) {}

  async write(chunk: Uint8Array): Promise<void> {
    await this.hasher.write(chunk);
    this.size += chunk.byteLength;
    if (this.head.byteLength < HEAD_BYTES)
      this.head = concat([this.head, chunk]).slice(0, HEAD_BYTES);
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    while (this.pendingBytes >= PART_BYTES) await this.flushPart();
  }

  private async flushPart(): Promise<void> {
    const all = concat(this.pending);
    const part = all.slice(0, PART_BYTES);
    const rest = all.slice(PART_BYTES);
    this.pending = rest.byteLength ? [rest] : [];
    this.pendingBytes = rest.byteLength;
    this.upload ??= await this.bucket.createMultipartUpload(this.staging, {
      httpMetadata: { contentType: this.contentType },
    });
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
  }

  async finish(): Promise<StoredFile> {
    await this.hasher.close();
    const hash = hexOf(await this.digest.digest);
    const key = fileObjectKey(hash);
    const rest = concat(this.pending);
    const httpMetadata = { contentType: this.contentType };
    if (!this.upload) {
      await this.bucket.put(key, rest, { httpMetadata });
    } else {
      if (rest.byteLength)
        this.parts.push(await this.upload.uploadPart(this.parts.length + 1, rest));
      await this.upload.complete(this.parts);
      this.upload = null;
      // R2 bindings cannot copy: the staged object is streamed to its content address.
      if (!(await this.bucket.head(key))) {
        const staged = await this.bucket.get(this.staging);
        if (!staged) throw new Error("The staged upload vanished before it was stored");
        await this.bucket.put(key, staged.body, { httpMetadata });
      }
      await this.bucket.delete(this.staging);
    }
    const image = this.contentType.startsWith("image/") ? imageSize(this.head) : null;
    return {
      hash,
      size: this.size,
      contentType: this.contentType,
      width: image?.width ?? null,
      height: image?.height ?? null,
    };
  }

  async abort(): Promise<void> {
    // The digest's promise rejects once its stream is aborted: nobody will read it.
    this.digest.digest.catch(() => undefined);
    await this.hasher.abort().catch(() => undefined);
    await this.upload?.abort().catch(() => undefined);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
