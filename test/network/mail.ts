/**
 * `mail.example.com`: a fake HTTP mail API. It accepts what Cloudflare Email Sending
 * (`/client/v4/accounts/<id>/email/sending/send`), Resend (`/emails`), Postmark (`/email`) and a
 * generic relay (`/send`) accept, answering each provider's success shape, and records every
 * call: `GET /__log?to=<address>` answers the calls to that address (path, headers, body).
 * A recipient starting with `fail-once` answers 503 on its first call; `refused` answers 422.
 */

interface Call {
  path: string;
  authorization: string | null;
  postmarkToken: string | null;
  body: unknown;
}

const calls = new Map<string, Call[]>();

function recipient(path: string, body: Record<string, unknown>): string {
  const to = path === "/email" ? body.To : body.to;
  return String(Array.isArray(to) ? to[0] : to);
}

/** The fake host's handler. */
export default async function mailHost(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "GET" && url.pathname === "/__log") {
    return Response.json({ calls: calls.get(url.searchParams.get("to") ?? "") ?? [] });
  }
  if (request.method !== "POST") return Response.json({ error: "Not found" }, { status: 404 });
  const body = (await request.json()) as Record<string, unknown>;
  const to = recipient(url.pathname, body);
  const seen = calls.get(to) ?? [];
  seen.push({
    path: url.pathname,
    authorization: request.headers.get("authorization"),
    postmarkToken: request.headers.get("x-postmark-server-token"),
    body,
  });
  calls.set(to, seen);
  if (to.startsWith("fail-once") && seen.length === 1) {
    return Response.json({ error: "try later" }, { status: 503 });
  }
  if (to.startsWith("refused")) return Response.json({ message: "bad sender" }, { status: 422 });
  if (url.pathname.endsWith("/email/sending/send")) {
    return Response.json({ success: true, errors: [], messages: [], result: { delivered: [to] } });
  }
  if (url.pathname === "/emails") return Response.json({ id: crypto.randomUUID() });
  if (url.pathname === "/email") {
    return Response.json({ To: to, ErrorCode: 0, Message: "OK", MessageID: crypto.randomUUID() });
  }
  return Response.json({ ok: true });
}
