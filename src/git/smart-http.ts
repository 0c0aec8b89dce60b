/**
 * Fetching from a Git remote over smart HTTP, protocol version 2 (gitprotocol-v2): the
 * capability advertisement, `ls-refs`, and `fetch` of one ref's commit (shallow, `deepen 1`,
 * when the remote allows it), its packfile read and checked by pack-read.ts. Pushing is
 * receive-pack.ts (receive-pack has no version 2).
 */
import { GitRemoteError } from "./errors";
import { ByteReader, streamSource } from "./byte-reader";
import { concatBytes, isObjectId } from "./objects";
import { PackObjects, type SpillStore } from "./pack-objects";
import { DEFAULT_PACK_LIMITS, readPackStream, type PackLimits, type PackStats } from "./pack-read";
import { DELIM_PKT, FLUSH_PKT, pktLine, pktText, type PktLine } from "./pkt-line";
import { readPkt, sideBandSource } from "./pkt-stream";
import { answerFrames, GIT_AGENT, gitRequest, gitResponse, type GitRemote } from "./transport";

/** One ref the remote lists: its name and id, the ref it points to (HEAD), the commit an annotated tag peels to. */
export interface RemoteRef {
  name: string;
  id: string;
  symrefTarget?: string;
  peeled?: string;
}

/** A fetched ref: its full name, its commit, every object of the pack, and the commits cut by `deepen`. */
export interface FetchedRef {
  ref: string;
  commit: string;
  /** Commits and trees in memory; blobs in memory within the budget, else in `spill`. */
  objects: PackObjects;
  shallow: string[];
  /** How many pack entries were deltas (OFS_DELTA, REF_DELTA). */
  deltas: { ofs: number; ref: number };
}

/** How to fetch: shallow (default) or the whole history, delta kinds offered, limits, progress lines. */
export interface FetchOptions {
  shallow?: boolean;
  /** Offer `ofs-delta` (default); without it the remote sends REF_DELTA entries. */
  ofsDelta?: boolean;
  limits?: PackLimits;
  onProgress?: (line: string) => void;
  /** Where blobs past `blobBudget` go (without one, every blob stays in memory). */
  spill?: SpillStore;
  blobBudget?: number;
}

type Capabilities = Map<string, string>;

const UPLOAD_REQUEST = "application/x-git-upload-pack-request";
const UPLOAD_RESULT = "application/x-git-upload-pack-result";
const V2 = { "git-protocol": "version=2" };

/** The remote's version 2 capabilities; a remote answering version 0 or 1 is refused. */
async function capabilities(remote: GitRemote): Promise<Capabilities> {
  const bytes = await gitRequest(
    remote,
    "/info/refs?service=git-upload-pack",
    { method: "GET", headers: V2 },
    "application/x-git-upload-pack-advertisement",
  );
  const lines = answerFrames(bytes);
  let at = 0;
  // Some hosts open with the version 0 service line and a flush even in version 2.
  if (pktText(lines[0]!)?.startsWith("# service=")) at = lines[1]?.kind === "flush" ? 2 : 1;
  if (pktText(lines[at] ?? { kind: "flush" }) !== "version 2")
    throw new GitRemoteError("protocol", "The Git remote does not speak protocol version 2");
  const caps: Capabilities = new Map();
  for (const line of lines.slice(at + 1)) {
    const text = pktText(line);
    if (text === null) break;
    const eq = text.indexOf("=");
    caps.set(eq < 0 ? text : text.slice(0, eq), eq < 0 ? "" : text.slice(eq + 1));
  }
  const format = caps.get("object-format");
  if (format !== undefined && format !== "sha1")
    throw new GitRemoteError("protocol", `The repository uses ${format} object ids, not sha1`);
  return caps;
}

/** A version 2 command's request body: its name, the capabilities it sends, its arguments. */
function commandBody(caps: Capabilities, name: string, args: readonly string[]): Uint8Array {
  const head = [`command=${name}\n`];
  if (caps.has("agent")) head.push(`agent=${GIT_AGENT}\n`);
  if (caps.has("object-format")) head.push("object-format=sha1\n");
  return concatBytes([
    ...head.map((l) => pktLine(l)),
    DELIM_PKT,
    ...args.map((a) => pktLine(`${a}\n`)),
    FLUSH_PKT,
  ]);
}

/** A version 2 command's answer, its body unread (a fetch's pack is read as it arrives). */
function sendCommand(remote: GitRemote, caps: Capabilities, name: string, args: readonly string[]) {
  const body = commandBody(caps, name, args);
  const headers = { ...V2, "content-type": UPLOAD_REQUEST };
  return gitResponse(remote, "/git-upload-pack", { method: "POST", headers, body }, UPLOAD_RESULT);
}

/** A version 2 command's answer as frames (a small answer: ls-refs). */
async function command(
  remote: GitRemote,
  caps: Capabilities,
  name: string,
  args: readonly string[],
): Promise<PktLine[]> {
  const res = await sendCommand(remote, caps, name, args);
  const frames = answerFrames(new Uint8Array(await res.arrayBuffer()));
  const first = pktText(frames[0] ?? { kind: "flush" });
  if (first?.startsWith("ERR "))
    throw new GitRemoteError("remote", `The Git remote failed: ${first.slice(4)}`);
  return frames;
}

/** The remote's refs under the given prefixes (all when none), HEAD's target and tags' peeled commits included. */
export async function listRefs(
  remote: GitRemote,
  prefixes: readonly string[] = [],
): Promise<RemoteRef[]> {
  const caps = await capabilities(remote);
  return lsRefs(remote, caps, prefixes);
}

async function lsRefs(
  remote: GitRemote,
  caps: Capabilities,
  prefixes: readonly string[],
): Promise<RemoteRef[]> {
  const args = ["peel", "symrefs", ...prefixes.map((p) => `ref-prefix ${p}`)];
  const refs: RemoteRef[] = [];
  for (const frame of await command(remote, caps, "ls-refs", args)) {
    const text = pktText(frame);
    if (text === null) break;
    const [id = "", name = "", ...attributes] = text.split(" ");
    if (!isObjectId(id) || !name)
      throw new GitRemoteError("protocol", `Not a ref line: ${JSON.stringify(text.slice(0, 80))}`);
    const ref: RemoteRef = { name, id };
    for (const attribute of attributes) {
      if (attribute.startsWith("symref-target:")) ref.symrefTarget = attribute.slice(14);
      if (attribute.startsWith("peeled:")) ref.peeled = attribute.slice(7);
    }
    refs.push(ref);
  }
  return refs;
}

/** The names a short ref may mean, in Git's order of preference. */
function candidates(ref: string): string[] {
  if (ref === "HEAD" || ref.startsWith("refs/")) return [ref];
  return [`refs/heads/${ref}`, `refs/tags/${ref}`];
}

/**
 * The sections of a fetch's answer, read as they arrive: `shallow-info`'s cut commits, and the
 * `packfile` section's side-band pack read into `objects`.
 */
async function readFetchAnswer(
  reader: ByteReader,
  objects: PackObjects,
  options: FetchOptions,
): Promise<PackStats & { shallow: string[] }> {
  const shallow: string[] = [];
  for (let frame = await readPkt(reader); frame?.kind === "data"; ) {
    const section = pktText(frame)!;
    if (section.startsWith("ERR "))
      throw new GitRemoteError("remote", `The Git remote failed: ${section.slice(4)}`);
    if (section === "packfile") {
      const pack = new ByteReader(sideBandSource(reader, options.onProgress));
      const stats = await readPackStream(pack, options.limits ?? DEFAULT_PACK_LIMITS, objects);
      return { ...stats, shallow };
    }
    for (frame = await readPkt(reader); frame?.kind === "data"; frame = await readPkt(reader)) {
      const line = pktText(frame)!;
      if (section === "shallow-info" && line.startsWith("shallow ")) shallow.push(line.slice(8));
    }
    if (frame?.kind === "delim") frame = await readPkt(reader);
  }
  throw new GitRemoteError("protocol", "The Git remote answered no packfile");
}

/** Fetches one ref (`main`, `refs/heads/main`, a tag, `HEAD`): its commit and the objects it needs. */
export async function fetchRef(
  remote: GitRemote,
  ref: string,
  options: FetchOptions = {},
): Promise<FetchedRef> {
  const caps = await capabilities(remote);
  const names = candidates(ref);
  const refs = await lsRefs(remote, caps, names);
  const found = names.map((n) => refs.find((r) => r.name === n)).find((r) => r !== undefined);
  if (!found) throw new GitRemoteError("missing-ref", `The Git remote has no ref ${ref}`);
  const commit = found.peeled ?? found.id;
  const features = (caps.get("fetch") ?? "").split(" ");
  const args = [`want ${commit}`];
  if (options.ofsDelta !== false) args.push("ofs-delta");
  if (options.shallow !== false && features.includes("shallow")) args.push("deepen 1");
  args.push("done");
  const res = await sendCommand(remote, caps, "fetch", args);
  if (!res.body) throw new GitRemoteError("protocol", "The Git remote answered no packfile");
  const reader = new ByteReader(streamSource(res.body));
  const objects = new PackObjects(options.spill, options.blobBudget);
  const read = await readFetchAnswer(reader, objects, options);
  if (objects.get(commit)?.type !== "commit")
    throw new GitRemoteError("protocol", `The pack lacks the commit ${commit}`);
  return {
    ref: found.name,
    commit,
    objects,
    shallow: read.shallow,
    deltas: { ofs: read.ofsDeltas, ref: read.refDeltas },
  };
}
