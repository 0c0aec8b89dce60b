/**
 * The errors of talking Git to a remote, one class per cause so callers can answer each clearly
 * (a wrong password is not a corrupt pack). Messages name the cause, never a credential.
 */

/** Why a pack is refused: corrupt, cut short, over a limit, or naming a base it lacks. */
export class PackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PackError";
  }
}

/** What went wrong with the remote: the cause, and the HTTP status when it answered one. */
export type GitRemoteReason =
  | "auth" // 401/403: the credentials were refused or missing
  | "not-found" // 404: no such repository
  | "missing-ref" // the ref asked for is not on the remote
  | "protocol" // the answer is not the Git protocol this client speaks
  | "remote"; // the remote said no (an ERR line, a refused update, another status)

/** A remote's refusal or an answer that is not Git. */
export class GitRemoteError extends Error {
  constructor(
    readonly reason: GitRemoteReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GitRemoteError";
  }
}
