/**
 * Pushing to a Git remote over smart HTTP (gitprotocol-pack, receive-pack, protocol version 0:
 * receive-pack has no version 2): the ref advertisement, one update command (old id -> new id)
 * with the pack of new objects, and the remote's report-status (`ok` or `ng` with its reason).
 */
import { GitRemoteError } from "./errors";
import { concatBytes, isObjectId } from "./objects";
import { FLUSH_PKT, pktLine, pktText } from "./pkt-line";
import { answerFrames, demuxSideBand, GIT_AGENT, gitRequest, type GitRemote } from "./transport";

/** The id Git writes for "no object": a ref's old id when it is created. */
export const ZERO_ID = "0".repeat(40);

/** One ref update: the ref, the id the caller last saw (ZERO_ID to create it), the new id, the pack of objects the remote lacks. */
export interface RefUpdate {
  ref: string;
  oldId: string;
  newId: string;
  pack: Uint8Array;
}

/** What the remote reported: whether it unpacked, and whether it updated the ref (with its reason when not). */
export interface PushReport {
  unpack: string;
  ok: boolean;
  reason?: string;
}

interface Advertisement {
  refs: Map<string, string>;
  capabilities: Set<string>;
}

/** The refs the remote has and what its receive-pack supports. */
async function advertisement(remote: GitRemote): Promise<Advertisement> {
  const frames = answerFrames(
    await gitRequest(
      remote,
      "/info/refs?service=git-receive-pack",
      { method: "GET", headers: {} },
      "application/x-git-receive-pack-advertisement",
    ),
  );
  if (pktText(frames[0] ?? { kind: "flush" }) !== "# service=git-receive-pack")
    throw new GitRemoteError("protocol", "The Git remote's receive-pack answer is not Git");
  const refs = new Map<string, string>();
  const capabilities = new Set<string>();
  for (const frame of frames.slice(frames[1]?.kind === "flush" ? 2 : 1)) {
    if (frame.kind !== "data") break;
    const text = new TextDecoder().decode(frame.bytes).replace(/\n$/, "");
    const nul = text.indexOf("\0");
    const line = nul < 0 ? text : text.slice(0, nul);
    if (nul >= 0) for (const cap of text.slice(nul + 1).split(" ")) if (cap) capabilities.add(cap);
    const [id = "", name = ""] = line.split(" ");
    if (!isObjectId(id))
      throw new GitRemoteError("protocol", "Not a ref line in the advertisement");
    if (name !== "capabilities^{}") refs.set(name, id);
  }
  return { refs, capabilities };
}

/** Sends one ref update with its pack and answers the remote's report of it. */
export async function pushRef(remote: GitRemote, update: RefUpdate): Promise<PushReport> {
  if (!isObjectId(update.oldId) || !isObjectId(update.newId))
    throw new GitRemoteError("protocol", "A ref update names an id that is not an object id");
  if (!update.ref.startsWith("refs/"))
    throw new GitRemoteError("protocol", `A pushed ref is a full name (refs/…), not ${update.ref}`);
  const { capabilities } = await advertisement(remote);
  if (!capabilities.has("report-status"))
    throw new GitRemoteError("protocol", "The Git remote does not report the status of a push");
  const wanted = ["report-status", "side-band-64k"].filter((c) => capabilities.has(c));
  if (capabilities.has("agent") || [...capabilities].some((c) => c.startsWith("agent=")))
    wanted.push(`agent=${GIT_AGENT}`);
  const body = concatBytes([
    pktLine(`${update.oldId} ${update.newId} ${update.ref}\0${wanted.join(" ")}\n`),
    FLUSH_PKT,
    update.pack,
  ]);
  const frames = answerFrames(
    await gitRequest(
      remote,
      "/git-receive-pack",
      {
        method: "POST",
        headers: { "content-type": "application/x-git-receive-pack-request" },
        body,
      },
      "application/x-git-receive-pack-result",
    ),
  );
  const report = wanted.includes("side-band-64k")
    ? answerFrames(demuxSideBand(frames, 0).data)
    : frames;
  return parseReport(
    report.map((f) => pktText(f)),
    update.ref,
  );
}

/** Reads "unpack <status>" then "ok <ref>" / "ng <ref> <reason>" lines. */
function parseReport(lines: (string | null)[], ref: string): PushReport {
  const unpackLine = lines[0];
  if (!unpackLine?.startsWith("unpack "))
    throw new GitRemoteError("protocol", "The Git remote's push report is not Git");
  const unpack = unpackLine.slice(7);
  for (const line of lines.slice(1)) {
    if (line === null) break;
    if (line === `ok ${ref}`) return { unpack, ok: unpack === "ok" };
    if (line.startsWith(`ng ${ref} `))
      return { unpack, ok: false, reason: line.slice(ref.length + 4) };
  }
  if (unpack !== "ok") return { unpack, ok: false, reason: `unpack failed: ${unpack}` };
  throw new GitRemoteError("protocol", `The Git remote's push report does not name ${ref}`);
}
