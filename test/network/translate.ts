/**
 * `translate.example.com`: a fake LibreTranslate (`POST /translate`, `q` as an array, HTML
 * format). Its "translation" suffixes every word with `-<target>` outside tags and entities, so
 * tests see what was translated and that placeholders came back untouched. It records every
 * call: `GET /__log?contains=<marker>` answers the calls that carried the marker, the texts
 * that contained it and every text of those calls (`sent`).
 * A text containing `FAIL<n>x<token>` makes the first n calls carrying that token answer 500.
 */

interface Call {
  texts: string[];
  source: string;
  target: string;
  format: string;
  apiKey?: string;
}

const calls: Call[] = [];
const failures = new Map<string, number>();

function translate(text: string, target: string): string {
  return text
    .split(/(<[^>]*>)/)
    .map((part) =>
      part.startsWith("<")
        ? part
        : part.replace(/&[a-z#0-9]+;|[\p{L}\p{N}]+/giu, (word) =>
            word.startsWith("&") || /^FAIL\d+x/.test(word) ? word : `${word}-${target}`,
          ),
    )
    .join("");
}

/** The fake host's handler. */
export default async function translateHost(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "GET" && url.pathname === "/__log") {
    const marker = url.searchParams.get("contains") ?? "";
    const matching = calls.filter((c) => c.texts.some((t) => t.includes(marker)));
    return Response.json({
      calls: matching.length,
      texts: matching.flatMap((c) => c.texts.filter((t) => t.includes(marker))),
      sent: matching.flatMap((c) => c.texts),
    });
  }
  if (request.method !== "POST" || url.pathname !== "/translate") {
    return Response.json({ error: "Not found" }, { status: 404 });
  }
  const body = (await request.json()) as {
    q: string | string[];
    source: string;
    target: string;
    format?: string;
    api_key?: string;
  };
  const texts = Array.isArray(body.q) ? body.q : [body.q];
  calls.push({
    texts,
    source: body.source,
    target: body.target,
    format: body.format ?? "text",
    apiKey: body.api_key,
  });
  for (const text of texts) {
    const match = /FAIL(\d+)x(\w+)/.exec(text);
    if (!match) continue;
    const seen = (failures.get(match[2]!) ?? 0) + 1;
    failures.set(match[2]!, seen);
    if (seen <= Number(match[1]))
      return Response.json({ error: "engine overloaded" }, { status: 500 });
  }
  if (body.target === "xx") return Response.json({ error: "xx is not supported" }, { status: 400 });
  const translated = texts.map((t) => translate(t, body.target));
  return Response.json({ translatedText: Array.isArray(body.q) ? translated : translated[0] });
}
