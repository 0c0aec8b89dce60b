/**
 * The reader's one way to the API: `/v1` operations through the service binding, with a site
 * API token (or none, for URL resolution). The reader never reads D1, R2 or the API's services:
 * what GitBook's renderer can read, the reader reads, the same way.
 */

/** An answer of the API that is not a success; `status` decides what the reader shows. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's `Retry-After` (a 429: this visitor's budget is spent for that long). */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

/** Query values; undefined ones are left out. */
type Query = Record<string, string | number | boolean | undefined>;

/** The origin the reader's calls carry (the API builds answer URLs from it; the path decides). */
const API_ORIGIN = "https://api.quire.internal";

/** A client of the API over one binding, optionally with a site API token. */
export class ApiClient {
  constructor(
    private readonly api: Fetcher,
    private readonly token?: string,
  ) {}

  /** The same client, reading with `token`. */
  withToken(token: string): ApiClient {
    return new ApiClient(this.api, token);
  }

  /** GET a /v1 path; the parsed JSON, or ApiError. */
  get<T>(path: string, query?: Query): Promise<T> {
    return this.call<T>("GET", path, query);
  }

  /** POST JSON to a /v1 path; the parsed JSON (undefined for 204), or ApiError. */
  post<T>(path: string, body: unknown, query?: Query): Promise<T> {
    return this.call<T>("POST", path, query, body);
  }

  /** A raw GET (files): the API's Response as is, with the caller's conditional headers. */
  raw(path: string, headers: HeadersInit = {}): Promise<Response> {
    return this.api.fetch(`${API_ORIGIN}/v1${path}`, { headers: this.headers(headers) });
  }

  private headers(extra: HeadersInit = {}): Headers {
    const headers = new Headers(extra);
    if (this.token) headers.set("Authorization", `Bearer ${this.token}`);
    return headers;
  }

  private async call<T>(method: string, path: string, query?: Query, body?: unknown): Promise<T> {
    const url = new URL(`${API_ORIGIN}/v1${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers = this.headers({ Accept: "application/json" });
    if (body !== undefined) headers.set("Content-Type", "application/json");
    const res = await this.api.fetch(url.toString(), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!res.ok)
      throw new ApiError(
        res.status,
        errorMessage(text, res.status),
        res.headers.get("Retry-After"),
      );
    return JSON.parse(text) as T;
  }
}

/** The API's error message (`{"error":{"message"}}`), or the status. */
function errorMessage(text: string, status: number): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    return parsed.error?.message ?? `HTTP ${status}`;
  } catch {
    return `HTTP ${status}`;
  }
}

/** True for an ApiError with one of `statuses` (404 and friends: "nothing there"). */
export function isApiStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && statuses.includes(error.status);
}
