import { encodeTree, objectId, type GitObject, type TreeEntry } from "../../git/objects";
import type { TreeFile } from "./repo-tree";

/** A folder being built: its files and subfolders by name. */
interface Folder {
  files: Map<string, TreeFile>;
  folders: Map<string, Folder>;
}

/**
 * The trees of a flat file map (path -> mode and blob id), built bottom-up as Git writes them:
 * the root tree's id and the tree objects the remote does not have yet (`known` answers which
 * it has), so a push sends only new trees. Empty folders vanish, as in Git.
 */
export async function buildTrees(
  files: ReadonlyMap<string, TreeFile>,
  known: (id: string) => boolean,
): Promise<{ root: string; objects: GitObject[] }> {
  const top: Folder = { files: new Map(), folders: new Map() };
  for (const [path, file] of files) {
    const parts = path.split("/");
    let folder = top;
    for (const name of parts.slice(0, -1)) {
      let next = folder.folders.get(name);
      if (!next) folder.folders.set(name, (next = { files: new Map(), folders: new Map() }));
      folder = next;
    }
    folder.files.set(parts[parts.length - 1]!, file);
  }
  const objects: GitObject[] = [];
  const added = new Set<string>();
  const write = async (folder: Folder): Promise<string | null> => {
    const entries: TreeEntry[] = [];
    for (const [name, file] of folder.files) entries.push({ mode: file.mode, name, id: file.id });
    for (const [name, sub] of folder.folders) {
      const id = await write(sub);
      if (id) entries.push({ mode: "040000", name, id });
    }
    if (entries.length === 0) return null;
    const tree: GitObject = { type: "tree", body: encodeTree(entries) };
    const id = await objectId(tree);
    if (!known(id) && !added.has(id)) {
      added.add(id);
      objects.push(tree);
    }
    return id;
  };
  const root = (await write(top)) ?? (await emptyTree(objects, known));
  return { root, objects };
}

/** The empty tree (a repository whose files were all removed). */
async function emptyTree(objects: GitObject[], known: (id: string) => boolean): Promise<string> {
  const tree: GitObject = { type: "tree", body: new Uint8Array(0) };
  const id = await objectId(tree);
  if (!known(id)) objects.push(tree);
  return id;
}
