/** The size of every part but the last of an R2 multipart upload (R2 wants equal parts ≥ 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Bytes written to one R2 object in fixed-size parts (a multipart upload), so an archive of any
 * size is streamed to the bucket with at most one part in memory. `abort` drops what was sent.
 */
export class R2Sink {
  private upload: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Bytes written so far. */
  size = 0;

  constructor(
    private readonly bucket: R2Bucket,
    readonly key: string,
    private readonly contentType: string,
  ) {}

  /** Queues bytes; call `drain` to send full parts. */
  write(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    this.size += chunk.byteLength;
  }

  /** Sends every full part queued so far. */
  async drain(): Promise<void> {
    while (this.pendingBytes >= PART_BYTES) await this.sendPart(this.take(PART_BYTES));
  }

  /** Sends the rest and completes the object (a single put when it fits one part). */
  async finish(): Promise<void> {
    await this.drain();
    const rest = this.take(this.pendingBytes);
    if (!this.upload) {
      await this.bucket.put(this.key, rest, { httpMetadata: { contentType: this.contentType } });
      return;
    }
    if (rest.byteLength > 0) await this.sendPart(rest);
    await this.upload.complete(this.parts);
  }

  /** Abandons the upload (a failed or cancelled run). */
  async abort(): Promise<void> {
    this.pending = [];
    this.pendingBytes = 0;
    if (this.upload) await this.upload.abort().catch(() => undefined);
  }

  private async sendPart(bytes: Uint8Array) {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, {
      httpMetadata: { contentType: this.contentType },
    });
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, bytes));
  }

  /** The first `n` queued bytes as one array. */
  private take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const head = this.pending[0]!;
      const used = Math.min(head.byteLength, n - at);
      out.set(head.subarray(0, used), at);
      at += used;
      if (used === head.byteLength) this.pending.shift();
      else this.pending[0] = head.subarray(used);
    }
    this.pendingBytes -= n;
    return out;
  }
}
