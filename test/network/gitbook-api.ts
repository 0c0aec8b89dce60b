/**
 * `gitbook.example.com`: a GitBook API replayed from recordings. A test records the answers of a
 * real API — Quire's own, called through the Worker — with `POST /__record` `{path, status, body,
 * contentType}` (paths with their query), then points an import at this host; any other path
 * answers 404 like the API. State lives in this Node module, keyed by path.
 */
const recorded = new Map<string, { status: number; body: string; contentType: string }>();

export default async function gitbookApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/__record" && request.method === "POST") {
    const entry = (await request.json()) as {
      path: string;
      status: number;
      body: string;
      contentType: string;
    };
    recorded.set(entry.path, entry);
    return new Response(null, { status: 204 });
  }
  const found = recorded.get(`${url.pathname}${url.search}`);
  if (!found) return Response.json({ error: { code: 404, message: "Not found" } }, { status: 404 });
  const bytes = Uint8Array.from(atob(found.body), (ch) => ch.charCodeAt(0));
  return new Response(bytes, {
    status: found.status,
    headers: { "content-type": found.contentType },
  });
}
