/**
 * `embeds.example.com` and `www.youtube.com`: the pages and the oEmbed provider of
 * test/reading/embeds.test.ts. Pages: `/article` (OpenGraph, an icon), `/plain` (a `<title>`
 * only), `/discovered` (an oEmbed link to the allowed provider), `/foreign-oembed` (an oEmbed
 * link to a provider not allowed), `/big` (over the size cap), `/json` (not HTML). Every request
 * is counted by its `id` query parameter: `GET /count?id=` answers how many arrived.
 */
const counts = new Map<string, number>();

function html(head: string): Response {
  return new Response(`<!doctype html><html><head>${head}</head><body>Hi</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}

/** The YouTube-like oEmbed answer for a page: an iframe and markup that must not pass. */
function oembed(url: URL): Response {
  const page = new URL(url.searchParams.get("url") ?? "https://www.youtube.com/");
  const v = page.searchParams.get("v") ?? "abc";
  const host = v === "evil" ? "evil.example.com" : "www.youtube.com";
  return Response.json({
    type: "video",
    title: `Video ${v} & "friends"`,
    provider_name: "YouTube",
    width: 200,
    height: 113,
    html: `<iframe width="200" height="113" src="https://${host}/embed/${v}?feature=oembed" onload="alert(1)"></iframe><script>alert(2)</script>`,
  });
}

export default function embeds(request: Request): Response {
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  if (url.pathname === "/count") return Response.json({ count: counts.get(id) ?? 0 });
  counts.set(id, (counts.get(id) ?? 0) + 1);
  if (url.hostname === "www.youtube.com") {
    if (url.pathname === "/oembed") return oembed(url);
    return html("<title>YouTube page</title>");
  }
  switch (url.pathname) {
    case "/article":
      return html(
        `<meta property="og:title" content="An &amp; article"><meta property="og:site_name" content="Example Blog">` +
          `<title>Ignored</title><link rel="shortcut icon" href="/favicon.png">`,
      );
    case "/plain":
      return html("<title>\n  Plain   page </title>");
    case "/discovered":
      return html(
        `<title>Has a video</title><link rel="alternate" type="application/json+oembed" href="https://www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Ddisc&amp;format=json">`,
      );
    case "/foreign-oembed":
      return html(
        `<title>Foreign</title><link rel="alternate" type="application/json+oembed" href="https://embeds.example.com/oembed.json">`,
      );
    case "/oembed.json":
      return Response.json({
        type: "rich",
        title: "x",
        html: "<iframe src='https://embeds.example.com/x'></iframe>",
      });
    case "/big":
      return new Response(`<title>Big</title>${"a".repeat(600 * 1024)}`, {
        headers: { "content-type": "text/html" },
      });
    case "/json":
      return Response.json({ not: "html" });
    default:
      return new Response("not found", { status: 404 });
  }
}
