/**
 * What the live room's close codes mean for the person and for the provider (the wire
 * contract of issue 38): the 44xx codes, and 4503 (the room is full), end the session in this
 * tab with a reason the status line says — every 4xxx code is the room's decision, not a
 * network fault, so coming back at once would get the same answer; everything else (1006 lost, 1011 server error, 1012 restarting, a normal close)
 * is a connection to make again after a pause.
 */

/** Why the room ended a socket, said for people, by 44xx code. */
const STOPPED: Readonly<Record<number, string>> = {
  4400: "the room could not read a message from this tab",
  4401: "your session ended: sign in again, then reload this page",
  4403: "you no longer have access to this space",
  4409: "this change request was merged or closed",
  4413: "this page or change is too large for live editing",
  4429: "this tab sent too many messages: reload the page to continue",
  4503: "the room is full (100 people): try again later",
};

/** Whether a close code ends live editing in this tab (no reconnection): the room's 4xxx. */
export function stopsLive(code: number): boolean {
  return code >= 4000 && code < 5000;
}

/** The reason a stopping close says to the person (the room's own reason when it gave one). */
export function stoppedReason(code: number, reason: string): string {
  return STOPPED[code] ?? (reason || `the room closed the connection (${code})`);
}
