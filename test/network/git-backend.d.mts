/** One commit of a test repository: files written (null deletes) and its message. */
export interface RepoCommit {
  files?: Record<string, string | null>;
  message?: string;
}

/** Makes `<name>.git` with the git CLI (test/network/git-backend.mjs); answers the tip commit. */
export function createRepo(spec: {
  name: string;
  branch?: string;
  commits: RepoCommit[];
  repack?: boolean;
  tags?: string[];
}): { head: string };

/** Runs git inside a test repository, `input` on its stdin. */
export function gitIn(spec: { name: string; args: string[]; input?: string }): {
  status: number;
  stdout: string;
  stderr: string;
};

/** One request through `git http-backend`. */
export function httpBackend(request: {
  method: string;
  pathInfo: string;
  query: string;
  contentType: string | null;
  gitProtocol: string | null;
  body: Uint8Array | null;
}): Promise<{ status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer> }>;

/** Clones, writes the files, commits (or amends) and pushes (forced when amending); the new tip. */
export function pushCommit(spec: {
  name: string;
  files?: Record<string, string | null>;
  message?: string;
  amend?: boolean;
}): { head: string };

/** `git clone` of a test repository: its files, tip and log subjects (newest first). */
export function cloneFiles(spec: { name: string }): {
  files: Record<string, string>;
  head: string;
  log: string[];
};
