import { expect } from "vitest";
import { as } from "./api";
import type { TestUser } from "./factories";
import { eventually } from "./jobs";

/** A small Git Sync repository in GitBook's normalized form (what an export writes back byte for byte). */
export const REPO = {
  ".gitbook.yaml": "root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n",
  "SUMMARY.md":
    "# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n",
  "README.md": "# Welcome\n\nRead [the install](guide/install.md).\n",
  "guide/README.md": "# Guide\n\nAll about it.\n",
  "guide/install.md": "# Install\n\nRun it.\n",
  LICENSE: "MIT\n",
};

/** The Git host's URL of `<name>.git`, basic-auth credentials in it (right or wrong). */
export function repoUrl(name: string, password: string | null = "s3cret"): string {
  return password === null
    ? `https://git.example.com/${name}.git`
    : `https://quire:${password}@git.example.com/${name}.git`;
}

/** The official git/info answer of a space. */
export interface GitInfo {
  installationId: string;
  url?: string;
  operation?: {
    state: string;
    direction: string;
    stage: string;
    startedAt: string;
    endedAt?: string;
    error?: string;
  };
}

/** Starts an import or an export through the official operation (204 expected). */
async function startGitSync(
  user: TestUser,
  spaceId: string,
  direction: "import" | "export",
  body: Record<string, unknown>,
): Promise<void> {
  const payload = direction === "export" ? { commitMessage: "Export from Quire", ...body } : body;
  const res = await as(user.token).post(`/spaces/${spaceId}/git/${direction}`, payload);
  expect(res.status, res.text).toBe(204);
}

/** Waits until the space's operation has ended; answers git/info then. */
async function settledGitInfo(user: TestUser, spaceId: string): Promise<GitInfo> {
  return eventually(
    async () => {
      const res = await as(user.token).get(`/spaces/${spaceId}/git/info`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.operation?.state).not.toBe("running");
      return res.body as GitInfo;
    },
    { timeout: 30_000 },
  );
}

/** Runs one operation to its end; answers git/info (its state is for the caller to check). */
export async function gitSync(
  user: TestUser,
  spaceId: string,
  direction: "import" | "export",
  body: Record<string, unknown>,
): Promise<GitInfo> {
  await startGitSync(user, spaceId, direction, body);
  return settledGitInfo(user, spaceId);
}
