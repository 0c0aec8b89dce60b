/** Why a Git Sync operation stops on its input or content: the message people read in `git/info`. */
export class GitSyncRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GitSyncRefused";
  }
}
