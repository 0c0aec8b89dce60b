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

/** Runs git inside a test repository. */
export function gitIn(spec: { name: string; args: string[] }): {
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
