import { eq } from "drizzle-orm";
import type { JobContext } from "../../jobs/define";
import { spaces, type GitSyncOpInput, type GitSyncRow } from "../../db/schema";
import { filesQuery } from "../../content/read";
import { mainPointer } from "../../content/pointers";
import { encodeCommit, objectId, type GitObject } from "../../git/objects";
import { writePack } from "../../git/pack-write";
import { pushRef, ZERO_ID } from "../../git/receive-pack";
import { fetchRef, listRefs, type FetchedRef } from "../../git/smart-http";
import { nowMs } from "../../lib/clock";
import { ASSETS_FOLDER, planRepository, type PlannedPage } from "../../../core/gitsync";
import { readTree } from "../content/reads";
import { fileObjectKey } from "../change-requests/writes";
import { renderSpaceRepository } from "../spaces-io/render-repository";
import { GitSyncRefused } from "./errors";
import type { SyncOutcome } from "./import";
import { setStage } from "./operations";
import { GIT_PACK_LIMITS, gitRemoteOf, spilled } from "./remote";
import type { SpillStore } from "../../git/pack-objects";
import { commitTree, flattenTree, projectPrefix, type TreeFile } from "./repo-tree";
import { buildTrees } from "./tree-write";

/** Who Git Sync's commits are by. */
const QUIRE = { name: "Quire Git Sync", email: "git-sync@quire.invalid", timezone: "+0000" };

/** A ref as a full name: `main` is `refs/heads/main`. */
export function fullRef(ref: string): string {
  return ref.startsWith("refs/") ? ref : `refs/heads/${ref}`;
}

/** The markdown files of a plan (the pages an import of that tree reads). */
function plannedPaths(pages: readonly PlannedPage[], out: Set<string>) {
  for (const page of pages) {
    if (page.kind === "document") out.add(page.path);
    if (page.kind !== "link") plannedPaths(page.children, out);
  }
}

/**
 * The files of the project directory Git Sync owns in a tree: the pages an import reads, the
 * table of contents, the configuration and `.gitbook/assets/`. What it does not own (a
 * LICENSE, CI files, markdown outside the table of contents) an export never deletes.
 */
async function ownedPaths(
  fetched: FetchedRef,
  files: ReadonlyMap<string, TreeFile>,
  prefix: string,
): Promise<Set<string>> {
  const decoder = new TextDecoder();
  const markdown = new Map<string, string>();
  let config: string | undefined;
  for (const [path, file] of files) {
    if (!path.startsWith(prefix) || file.mode === "120000" || file.mode === "160000") continue;
    const inner = path.slice(prefix.length);
    const wanted = inner === ".gitbook.yaml" || /\.(md|markdown)$/i.test(inner);
    const blob = wanted ? await fetched.objects.load(file.id) : undefined;
    if (!blob) continue;
    if (inner === ".gitbook.yaml") config = decoder.decode(blob.body);
    else markdown.set(inner, decoder.decode(blob.body));
  }
  const owned = new Set<string>();
  plannedPaths(
    planRepository(config === undefined ? { markdown } : { markdown, config }).pages,
    owned,
  );
  const out = new Set([...owned].map((p) => prefix + p));
  for (const path of files.keys()) if (path.startsWith(`${prefix}${ASSETS_FOLDER}/`)) out.add(path);
  return out;
}

/**
 * Exports the space's main to the branch (GitBook's exportToGitRepository): the space laid out
 * as Git Sync writes it (core/gitsync, spaces-io's render-repository), compared file by file
 * with the branch's head, and only what differs written — as one commit whose parent is the
 * remote head, pushed with receive-pack. An export with nothing changed makes no commit. A
 * branch that moved since the last sync (pushed to, or force-pushed) is refused unless `force`,
 * and the remote's refusal of the update (it moved meanwhile) fails the export: nothing pushed.
 */
export async function runGitExport(
  ctx: JobContext,
  row: GitSyncRow,
  opId: string,
  input: GitSyncOpInput,
  spill?: SpillStore,
): Promise<SyncOutcome> {
  const { db, env } = ctx;
  const ref = fullRef(input.ref);
  const remote = await gitRemoteOf(env, ctx.outbound, row);
  const head = (await listRefs(remote, [ref])).find((r) => r.name === ref)?.id ?? null;
  const fetched = head
    ? await fetchRef(remote, ref, { limits: GIT_PACK_LIMITS, ...spilled(spill) })
    : null;
  if (head && row.syncedCommit && head !== row.syncedCommit && !input.force && !input.standalone)
    throw new GitSyncRefused(
      `${ref} is at ${head.slice(0, 7)}, not at ${row.syncedCommit.slice(0, 7)} where the space last synced: the branch was pushed to or force-pushed since. Import it first, or export with force`,
    );

  await setStage(db, row.spaceId, opId, "content_process");
  const [space] = await db.select().from(spaces).where(eq(spaces.id, row.spaceId));
  if (!space || space.deletedAt) throw new GitSyncRefused("The space was deleted");
  const pointer = mainPointer(space);
  const tree = await readTree(db, pointer, space.organizationId);
  const [fileRows] = await db.batch([filesQuery(db, pointer)]);
  const repo = renderSpaceRepository(
    tree.roots,
    tree.bodies,
    fileRows.filter((f) => !f.deleted),
  );
  const prefix = projectPrefix(row.projectDirectory);
  const headTree = fetched && head ? commitTree(fetched.objects, head) : null;
  const current =
    fetched && headTree ? flattenTree(fetched.objects, headTree) : new Map<string, TreeFile>();
  const next = new Map(current);
  if (fetched) for (const path of await ownedPaths(fetched, current, prefix)) next.delete(path);
  const blobs: GitObject[] = [];
  const known = (id: string) => fetched?.objects.has(id) ?? false;
  const put = async (path: string, body: Uint8Array) => {
    const blob: GitObject = { type: "blob", body };
    const id = await objectId(blob);
    next.set(prefix + path, { mode: "100644", id });
    if (!known(id)) blobs.push(blob);
  };
  const encoder = new TextEncoder();
  for (const entry of repo.entries) await put(entry.path, encoder.encode(entry.text));
  for (const asset of repo.assets) {
    const object = await env.FILES.get(fileObjectKey(asset.hash));
    if (!object)
      throw new GitSyncRefused(`${asset.path}: the file's bytes are missing from storage`);
    await put(asset.path, new Uint8Array(await object.arrayBuffer()));
  }
  const built = await buildTrees(next, known);
  const synced = input.standalone ? {} : { syncedSeq: space.mainSeq };
  if (built.root === headTree)
    return { set: { ...synced, ...(input.standalone ? {} : { syncedCommit: head }) } };

  await setStage(db, row.spaceId, opId, "finalize");
  const time = Math.floor(nowMs() / 1000);
  const message = (input.commitMessage ?? "Export from Quire").replace(/\n*$/, "\n");
  const commit: GitObject = {
    type: "commit",
    body: encodeCommit({
      tree: built.root,
      parents: head ? [head] : [],
      author: { ...QUIRE, time },
      committer: { ...QUIRE, time },
      message,
    }),
  };
  const commitId = await objectId(commit);
  const pack = await writePack([...blobs, ...built.objects, commit]);
  const report = await pushRef(remote, { ref, oldId: head ?? ZERO_ID, newId: commitId, pack });
  if (!report.ok)
    throw new GitSyncRefused(
      `The Git remote refused the update of ${ref} (${report.reason ?? report.unpack}): it moved meanwhile; import it first`,
    );
  return { set: { ...synced, ...(input.standalone ? {} : { syncedCommit: commitId }) } };
}
