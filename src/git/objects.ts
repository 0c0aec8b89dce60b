/**
 * Git's loose object formats (gitformat-loose, git-cat-file): blobs, trees and commits, their
 * encoding and decoding, and object ids (SHA-1 of "<type> <size>\0<body>"). Pure: no network,
 * no storage. Tags are recognised by type only (a fetch of one branch never needs their body).
 */

/** The four kinds of Git object (pack type numbers 1-4). */
export type ObjectType = "commit" | "tree" | "blob" | "tag";

/** One object: its type and its body (the bytes after the "<type> <size>\0" header). */
export interface GitObject {
  type: ObjectType;
  body: Uint8Array;
}

/** A tree entry's mode: files, executables, directories; symlinks and gitlinks are recognised so callers can refuse them. */
type TreeMode = "100644" | "100755" | "040000" | "120000" | "160000";

/** One entry of a tree: mode, name (one path segment) and the id of the object it names. */
export interface TreeEntry {
  mode: TreeMode;
  name: string;
  id: string;
}

/** A person line of a commit ("Name <email> 1700000000 +0000"). */
interface GitSignature {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  time: number;
  /** "+0000", "-0130": the author's offset as Git writes it. */
  timezone: string;
}

/** A commit's fields; extra headers (gpgsig, encoding, mergetag) are kept in order but not interpreted. */
export interface Commit {
  tree: string;
  parents: string[];
  author: GitSignature;
  committer: GitSignature;
  extraHeaders?: [string, string][];
  message: string;
}

/** Why bytes are not a Git object this module understands. */
export class GitObjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GitObjectError";
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });
const MODES: ReadonlySet<string> = new Set(["100644", "100755", "040000", "120000", "160000"]);
const OBJECT_ID = /^[0-9a-f]{40}$/;

/** Whether a string is a lower-case hex SHA-1 object id. */
export function isObjectId(value: string): boolean {
  return OBJECT_ID.test(value);
}

/** Hex of bytes (object ids on the wire and in trees). */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Bytes of a hex object id. */
function fromHex(hex: string): Uint8Array {
  if (!isObjectId(hex)) throw new GitObjectError(`Not an object id: ${JSON.stringify(hex)}`);
  const out = new Uint8Array(20);
  for (let i = 0; i < 20; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The id Git gives an object: SHA-1 of its header and body. */
export async function objectId(object: GitObject): Promise<string> {
  const header = encoder.encode(`${object.type} ${object.body.byteLength}\0`);
  const all = new Uint8Array(header.byteLength + object.body.byteLength);
  all.set(header, 0);
  all.set(object.body, header.byteLength);
  return toHex(await sha1(all));
}

/** SHA-1 of bytes (object ids, a pack's trailing checksum). */
export async function sha1(bytes: Uint8Array): Promise<Uint8Array> {
  // crypto.subtle reads any ArrayBufferView; the cast only narrows the buffer's declared type.
  return new Uint8Array(await crypto.subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>));
}

/** Git's tree order: names compared as bytes, a directory compared as if its name ended in "/". */
function compareTreeEntries(a: TreeEntry, b: TreeEntry): number {
  const ka = encoder.encode(a.mode === "040000" ? `${a.name}/` : a.name);
  const kb = encoder.encode(b.mode === "040000" ? `${b.name}/` : b.name);
  const n = Math.min(ka.byteLength, kb.byteLength);
  for (let i = 0; i < n; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
  return ka.byteLength - kb.byteLength;
}

/** A tree's body: entries sorted as Git sorts them; a bad name or a repeated one is refused. */
export function encodeTree(entries: readonly TreeEntry[]): Uint8Array {
  const sorted = [...entries].sort(compareTreeEntries);
  const parts: Uint8Array[] = [];
  const seen = new Set<string>();
  for (const entry of sorted) {
    if (!entry.name || entry.name === "." || entry.name === ".." || /[/\0]/.test(entry.name))
      throw new GitObjectError(`Not a tree entry name: ${JSON.stringify(entry.name)}`);
    if (seen.has(entry.name)) throw new GitObjectError(`Repeated tree entry ${entry.name}`);
    seen.add(entry.name);
    // Git writes directories as "40000" (no leading zero).
    const mode = entry.mode === "040000" ? "40000" : entry.mode;
    parts.push(encoder.encode(`${mode} ${entry.name}\0`), fromHex(entry.id));
  }
  return concatBytes(parts);
}

/** A tree's entries, in the order stored; unknown modes are refused. */
export function decodeTree(body: Uint8Array): TreeEntry[] {
  const out: TreeEntry[] = [];
  let at = 0;
  while (at < body.byteLength) {
    const space = body.indexOf(0x20, at);
    const nul = space < 0 ? -1 : body.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > body.byteLength)
      throw new GitObjectError("A tree entry is cut short");
    const rawMode = decoder.decode(body.subarray(at, space));
    const mode = rawMode.padStart(6, "0");
    if (!MODES.has(mode)) throw new GitObjectError(`Unknown tree entry mode ${rawMode}`);
    const name = decoder.decode(body.subarray(space + 1, nul));
    out.push({ mode: mode as TreeMode, name, id: toHex(body.subarray(nul + 1, nul + 21)) });
    at = nul + 21;
  }
  return out;
}

function formatSignature(s: GitSignature): string {
  if (/[<>\n]/.test(s.name) || /[<>\n]/.test(s.email))
    throw new GitObjectError("A name or e-mail holds <, > or a newline");
  if (!/^[+-]\d{4}$/.test(s.timezone)) throw new GitObjectError(`Bad time zone ${s.timezone}`);
  return `${s.name} <${s.email}> ${Math.floor(s.time)} ${s.timezone}`;
}

function parseSignature(line: string): GitSignature {
  const match = /^(.*?) ?<([^>]*)> (\d+) ([+-]\d{4})$/.exec(line);
  if (!match) throw new GitObjectError(`Not a signature: ${JSON.stringify(line)}`);
  return { name: match[1]!, email: match[2]!, time: Number(match[3]), timezone: match[4]! };
}

/** A commit's body, headers in Git's order. */
export function encodeCommit(commit: Commit): Uint8Array {
  const lines = [`tree ${commit.tree}`, ...commit.parents.map((p) => `parent ${p}`)];
  for (const id of [commit.tree, ...commit.parents])
    if (!isObjectId(id)) throw new GitObjectError(`Not an object id: ${JSON.stringify(id)}`);
  lines.push(`author ${formatSignature(commit.author)}`);
  lines.push(`committer ${formatSignature(commit.committer)}`);
  for (const [key, value] of commit.extraHeaders ?? [])
    lines.push(`${key} ${value.replace(/\n/g, "\n ")}`);
  return encoder.encode(`${lines.join("\n")}\n\n${commit.message}`);
}

/** A commit's fields; continuation lines of a header (a signature) are joined back. */
export function decodeCommit(body: Uint8Array): Commit {
  const text = decoder.decode(body);
  const split = text.indexOf("\n\n");
  const head = split < 0 ? text : text.slice(0, split);
  const message = split < 0 ? "" : text.slice(split + 2);
  const headers: [string, string][] = [];
  for (const line of head.split("\n")) {
    const last = headers[headers.length - 1];
    if (line.startsWith(" ") && last) last[1] += `\n${line.slice(1)}`;
    else {
      const space = line.indexOf(" ");
      headers.push(space < 0 ? [line, ""] : [line.slice(0, space), line.slice(space + 1)]);
    }
  }
  const one = (key: string): string => {
    const found = headers.find(([k]) => k === key);
    if (!found) throw new GitObjectError(`A commit without ${key}`);
    return found[1];
  };
  const known = new Set(["tree", "parent", "author", "committer"]);
  const extra = headers.filter(([k]) => !known.has(k));
  const commit: Commit = {
    tree: one("tree"),
    parents: headers.filter(([k]) => k === "parent").map(([, v]) => v),
    author: parseSignature(one("author")),
    committer: parseSignature(one("committer")),
    message,
  };
  if (!isObjectId(commit.tree)) throw new GitObjectError("A commit's tree is not an object id");
  if (extra.length) commit.extraHeaders = extra;
  return commit;
}

/** Joins byte arrays (pack and request bodies). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
