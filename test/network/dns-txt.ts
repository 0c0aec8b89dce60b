/**
 * The TXT part of the fake `cloudflare-dns.com` (DNS-over-HTTPS JSON): the records a test
 * publishes, the way a domain owner would. `PUT /__txt?name=<name>` with `{"values":[...]}` sets
 * the TXT values of a name (an empty list removes them). A name under `resolver-down.example`
 * answers HTTP 503, one under `servfail.example` the DNS status SERVFAIL (2), one under
 * `garbled.example` a body that is not JSON; any other name without records is NXDOMAIN.
 */

const records = new Map<string, string[]>();

/** A value as resolvers write TXT data: quoted character-strings of at most 255 bytes. */
function quoted(value: string): string {
  const parts: string[] = [];
  for (let i = 0; i < value.length || i === 0; i += 255) parts.push(value.slice(i, i + 255));
  return parts.map((p) => `"${p.replace(/["\\]/g, "\\$&")}"`).join(" ");
}

/** Sets a name's TXT values (`PUT /__txt`). */
export async function publishTxt(request: Request): Promise<Response> {
  const name = (new URL(request.url).searchParams.get("name") ?? "").toLowerCase();
  const { values } = (await request.json()) as { values: string[] };
  if (values.length === 0) records.delete(name);
  else records.set(name, values);
  return Response.json({ name, values });
}

/** Answers a `type=TXT` query. */
export function answerTxt(name: string): Response {
  if (name.endsWith(".resolver-down.example")) {
    return new Response("upstream unavailable", { status: 503 });
  }
  if (name.endsWith(".garbled.example")) return new Response("<html>oops</html>");
  if (name.endsWith(".servfail.example")) return Response.json({ Status: 2, Answer: [] });
  const values = records.get(name);
  return Response.json({
    Status: values ? 0 : 3,
    Answer: (values ?? []).map((v) => ({ name, type: 16, TTL: 300, data: quoted(v) })),
  });
}
