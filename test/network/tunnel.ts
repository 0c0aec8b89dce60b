/**
 * `tunnel.example.com`: a fake development tunnel (what `gitbook dev` exposes). `POST /hook/<key>`
 * records the delivery (headers and body, base64) and answers 200, or `status` from the query;
 * `GET /received/<key>` lists what that key received. State lives in this Node module.
 */
const received = new Map<string, { headers: Record<string, string>; body: string }[]>();

export default async function tunnel(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const [, verb, key = ""] = url.pathname.split("/");
  if (verb === "received") return Response.json(received.get(key) ?? []);
  if (verb !== "hook" || request.method !== "POST") return new Response("no", { status: 404 });
  let binary = "";
  for (const byte of new Uint8Array(await request.arrayBuffer()))
    binary += String.fromCharCode(byte);
  const body = btoa(binary);
  const list = received.get(key) ?? [];
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  list.push({ headers, body });
  received.set(key, list);
  const status = Number(url.searchParams.get("status") ?? "200");
  return new Response("received", { status });
}
