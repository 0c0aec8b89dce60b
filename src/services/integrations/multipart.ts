/** The multipart request the official runtime expects on `POST /v1`, as bytes. */
export interface EncodedDispatch {
  contentType: string;
  body: Uint8Array;
}

/**
 * Encodes an event for `@gitbook/runtime`: form fields `event` and `environment` (JSON), and
 * `fetch-body` for fetch events. The same bytes go to the isolate and to a dev tunnel, so the
 * signature a tunnel checks covers exactly what the script parses.
 */
export async function encodeDispatch(
  event: Record<string, unknown>,
  environment: Record<string, unknown>,
  fetchBody?: Uint8Array | null,
): Promise<EncodedDispatch> {
  const form = new FormData();
  form.set("event", JSON.stringify(event));
  form.set("environment", JSON.stringify(environment));
  if (fetchBody && fetchBody.byteLength > 0)
    form.set("fetch-body", new Blob([new Uint8Array(fetchBody)]));
  const request = new Request("https://dispatch.invalid/v1", { method: "POST", body: form });
  return {
    contentType: request.headers.get("content-type") ?? "multipart/form-data",
    body: new Uint8Array(await request.arrayBuffer()),
  };
}
