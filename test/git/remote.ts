/**
 * The suite's Git remote (test/network/git-host.ts, a real `git http-backend`): repositories
 * made and inspected through its control paths, and `GitRemote`s with right or wrong credentials.
 */
import type { GitRemote } from "../../src/git/transport";

/** One commit of a test repository: files written (null deletes) and its message. */
export interface RepoCommit {
  files?: Record<string, string | null>;
  message?: string;
}

/** A repository name no other test uses. */
export function repoName(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Makes `<name>.git` on the Git host with the git CLI; answers its tip commit. */
export async function createRepo(spec: {
  name: string;
  commits: RepoCommit[];
  repack?: boolean;
  tags?: string[];
}): Promise<string> {
  const res = await fetch("https://git.example.com/_control/repos", {
    method: "POST",
    body: JSON.stringify(spec),
  });
  if (!res.ok) throw new Error(`createRepo: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { head: string }).head;
}

/** Runs git inside a repository on the Git host; answers its output (a failure throws). */
export async function gitOnServer(name: string, ...args: string[]): Promise<string> {
  return gitOnServerWith(name, args);
}

/** Runs git inside a repository on the Git host with `input` on its stdin; answers its output. */
export async function gitOnServerWith(name: string, args: string[], input?: string) {
  const res = await fetch("https://git.example.com/_control/git", {
    method: "POST",
    body: JSON.stringify({ name, args, ...(input === undefined ? {} : { input }) }),
  });
  const out = (await res.json()) as { status: number; stdout: string; stderr: string };
  if (out.status !== 0) throw new Error(`git ${args.join(" ")}: ${out.stderr}`);
  return out.stdout;
}

/** A remote for `<name>.git` on the Git host, with its password (or another). */
export function remote(name: string, password = "s3cret"): GitRemote {
  return { url: `https://quire:${password}@git.example.com/${name}.git`, fetch };
}

/** A person's edit from the command line: clone, write, commit (or amend), push (forced when amending). */
export async function pushFromCli(
  name: string,
  files: Record<string, string | null>,
  options: { message?: string; amend?: boolean } = {},
): Promise<string> {
  const res = await fetch("https://git.example.com/_control/push", {
    method: "POST",
    body: JSON.stringify({ name, files, ...options }),
  });
  if (!res.ok) throw new Error(`pushFromCli: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { head: string }).head;
}

/** `git clone` of a repository on the Git host: its files, tip and log subjects (newest first). */
export async function cloneRepo(
  name: string,
): Promise<{ files: Record<string, string>; head: string; log: string[] }> {
  const res = await fetch("https://git.example.com/_control/clone", {
    method: "POST",
    body: JSON.stringify({ name }),
  });
  if (!res.ok) throw new Error(`cloneRepo: ${res.status} ${await res.text()}`);
  return (await res.json()) as { files: Record<string, string>; head: string; log: string[] };
}
