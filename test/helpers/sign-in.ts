import { eventually } from "./jobs";
import { call, type ApiResponse } from "./api";

/** One message of the dev outbox, as `GET /v1/dev/outbox` lists it. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The messages sent to an address, newest first, once at least `count` have arrived. */
export async function mailTo(address: string, count = 1): Promise<OutboxMessage[]> {
  return eventually(async () => {
    const res = await call<{ items: OutboxMessage[] }>("GET", "/dev/outbox", {
      query: { limit: 1000 },
    });
    const mine = res.body.items.filter((m) => m.to === address);
    if (mine.length < count) throw new Error(`${mine.length} of ${count} messages to ${address}`);
    return mine;
  });
}

/** The link token and the code of a sign-in (or address-change) message. */
export function secretsOf(message: OutboxMessage): { token: string; code: string } {
  const token = /\/(?:sign-in|account)\/email\?token=([\w-]+)/.exec(message.text)?.[1];
  const code = /^(\d{6})$/m.exec(message.text)?.[1];
  if (!token || !code) throw new Error(`no link or code in: ${message.text}`);
  return { token, code };
}

/** The value a response's `Set-Cookie` gives a cookie (undefined when it sets none). */
export function setCookie(res: ApiResponse, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    if (pair!.slice(0, at).trim() === name) return pair!.slice(at + 1);
  }
  return undefined;
}

/** The full `Set-Cookie` line of a cookie, to check its attributes. */
export function setCookieLine(res: ApiResponse, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** Asks for an e-mail sign-in; answers the response and the browser's nonce cookie header. */
export async function askSignIn(email: string, nonceCookie?: string) {
  const res = await call("POST", "/sessions/email", {
    body: { email },
    headers: nonceCookie ? { Cookie: nonceCookie } : {},
  });
  const nonce = setCookie(res, "quire_sign_in");
  return { res, cookie: nonce ? `quire_sign_in=${nonce}` : undefined };
}
