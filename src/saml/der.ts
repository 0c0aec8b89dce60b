// The little DER (ASN.1) the SAML core needs: reading an X.509 certificate's validity and
// SubjectPublicKeyInfo, and writing the SP's self-signed certificate. Pure, bounds-checked; a
// malformed input throws DerError.

/** Thrown for bytes that are not the DER expected. */
export class DerError extends Error {}

/** One DER element: its tag, its whole encoding, and its contents. */
export interface DerNode {
  tag: number;
  der: Uint8Array<ArrayBuffer>;
  body: Uint8Array<ArrayBuffer>;
}

/** DER tags the SAML core reads or writes. */
export const TAG = {
  integer: 0x02,
  bitString: 0x03,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
  context0: 0xa0,
} as const;

/** Reads the DER element at `offset`; the caller gets where the next one starts. */
function readAt(bytes: Uint8Array<ArrayBuffer>, offset: number): { node: DerNode; next: number } {
  const tag = bytes[offset];
  const first = bytes[offset + 1];
  if (tag === undefined || first === undefined) throw new DerError("truncated DER");
  if ((tag & 0x1f) === 0x1f) throw new DerError("multi-byte DER tags are not read");
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new DerError("unsupported DER length");
    length = 0;
    for (let i = 0; i < count; i++) {
      const byte = bytes[offset + 2 + i];
      if (byte === undefined) throw new DerError("truncated DER");
      length = length * 256 + byte;
    }
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new DerError("truncated DER");
  return {
    node: { tag, der: bytes.subarray(offset, end), body: bytes.subarray(offset + header, end) },
    next: end,
  };
}

/** The one DER element that makes up `bytes` exactly (trailing bytes are refused). */
export function readDer(bytes: Uint8Array<ArrayBuffer>): DerNode {
  const { node, next } = readAt(bytes, 0);
  if (next !== bytes.length) throw new DerError("trailing bytes after DER");
  return node;
}

/** The elements inside a constructed element, optionally requiring its tag. */
export function childrenOf(node: DerNode, tag: number = TAG.sequence): DerNode[] {
  if (node.tag !== tag) throw new DerError(`expected DER tag ${tag}, found ${node.tag}`);
  const out: DerNode[] = [];
  for (let offset = 0; offset < node.body.length; ) {
    const read = readAt(node.body, offset);
    out.push(read.node);
    offset = read.next;
  }
  return out;
}

/** An OBJECT IDENTIFIER's dotted form. */
export function oidOf(node: DerNode | undefined): string {
  if (!node || node.tag !== TAG.oid || node.body.length === 0) throw new DerError("expected OID");
  const arcs: number[] = [];
  let value = 0;
  for (const byte of node.body) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  const first = arcs.shift() ?? 0;
  const top = Math.min(Math.floor(first / 40), 2);
  return [top, first - top * 40, ...arcs].join(".");
}

/** A UTCTime or GeneralizedTime (UTC, "Z") as a Date. */
export function timeOf(node: DerNode | undefined): Date {
  const text = node ? String.fromCharCode(...node.body) : "";
  const utc = node?.tag === TAG.utcTime;
  const match = (utc ? /^(\d{2})(\d{10})Z$/ : /^(\d{4})(\d{10})(?:\.\d+)?Z$/).exec(text);
  if (!node || (!utc && node.tag !== TAG.generalizedTime) || !match) {
    throw new DerError("expected a UTC time");
  }
  let year = Number(match[1]);
  if (utc) year += year >= 50 ? 1900 : 2000;
  const [mo, d, h, mi, s] = (match[2] as string).match(/../g)!.map(Number) as number[];
  return new Date(Date.UTC(year, (mo as number) - 1, d, h, mi, s));
}

/** Encodes one DER element from its tag and contents. */
export function der(tag: number, ...contents: Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  const length = contents.reduce((sum, part) => sum + part.length, 0);
  const lengthBytes: number[] = [];
  if (length < 0x80) lengthBytes.push(length);
  else {
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256))
      lengthBytes.unshift(rest % 256);
    lengthBytes.unshift(0x80 | lengthBytes.length);
  }
  const out = new Uint8Array(1 + lengthBytes.length + length);
  out[0] = tag;
  out.set(lengthBytes, 1);
  let offset = 1 + lengthBytes.length;
  for (const part of contents) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Encodes a dotted OBJECT IDENTIFIER. */
export function derOid(dotted: string): Uint8Array<ArrayBuffer> {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [a * 40 + b];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      groups.unshift(0x80 | (value & 0x7f));
    }
    bytes.push(...groups);
  }
  return der(TAG.oid, new Uint8Array(bytes));
}

/** Encodes a Date as X.509 does: UTCTime before 2050, GeneralizedTime from then on. */
export function derTime(date: Date): Uint8Array<ArrayBuffer> {
  const iso = date.toISOString().replace(/[-:T]|\.\d+/g, "");
  const year = date.getUTCFullYear();
  return year < 2050
    ? der(TAG.utcTime, new TextEncoder().encode(iso.slice(2)))
    : der(TAG.generalizedTime, new TextEncoder().encode(iso));
}

/** Base64 (standard alphabet, padded) of bytes: certificates, digests and signature values. */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of base64 text (the caller has checked the alphabet; atob throws otherwise). */
export function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
