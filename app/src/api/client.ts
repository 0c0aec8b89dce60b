import { CSRF_HEADER } from "../../../core/sessions/csrf";
import { callHeaders } from "./forwarded";

/**
 * The screens' one way to the API: `/v1` operations through the `API` service binding, on behalf
 * of one browser request. Each call carries the browser's cookie, origin, agent and address
 * (api/forwarded.ts), and a state-changing call the CSRF token its form carried; every
 * `Set-Cookie` the API answers is kept and handed to the browser with the screen's answer
 * (http/cookies.ts). The app never reads D1, R2 or the API's services.
 */

/** An answer of the API that is not a success: its status and message decide the screen. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's `Retry-After`, on a 429. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

/** True for an ApiRefusal with one of `statuses`. */
export function isRefusal(error: unknown, ...statuses: number[]): error is ApiRefusal {
  return error instanceof ApiRefusal && (statuses.length === 0 || statuses.includes(error.status));
}

/** Query values; undefined ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/** A write's options: its JSON body and the CSRF token the browser's form carried. */
interface WriteOptions {
  body?: unknown;
  csrf?: string;
  query?: Query;
}

/** A client of the API for one browser request. */
export class Api {
  /** The `Set-Cookie` values the API answered during this request, in order. */
  readonly setCookies: string[] = [];
  private readonly origin: string;

  constructor(
    private readonly binding: Fetcher,
    private readonly browser: Request,
    private readonly address: string | null,
  ) {
    // The app's own origin: the URLs the API answers (urls.api, startURL) point back here.
    this.origin = new URL(browser.url).origin;
  }

  /** GET a /v1 path: the parsed JSON, or ApiRefusal. */
  get<T>(path: string, query?: Query): Promise<T> {
    return this.call<T>("GET", path, { ...(query ? { query } : {}) });
  }

  /** POST to a /v1 path (JSON body): the parsed JSON (undefined for 204 and 205), or ApiRefusal. */
  post<T>(path: string, options: WriteOptions = {}): Promise<T> {
    return this.call<T>("POST", path, options);
  }

  /** PATCH a /v1 path. */
  patch<T>(path: string, options: WriteOptions = {}): Promise<T> {
    return this.call<T>("PATCH", path, options);
  }

  /** PUT a /v1 path. */
  put<T>(path: string, options: WriteOptions = {}): Promise<T> {
    return this.call<T>("PUT", path, options);
  }

  /** DELETE a /v1 path. */
  delete<T>(path: string, options: WriteOptions = {}): Promise<T> {
    return this.call<T>("DELETE", path, options);
  }

  private async call<T>(method: string, path: string, options: WriteOptions): Promise<T> {
    const url = new URL(`${this.origin}/v1${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers = callHeaders(this.browser, this.address);
    headers.set("Accept", "application/json");
    if (options.csrf) headers.set(CSRF_HEADER, options.csrf);
    const hasBody = options.body !== undefined;
    if (hasBody) headers.set("Content-Type", "application/json");
    const res = await this.binding.fetch(url.toString(), {
      method,
      headers,
      redirect: "manual",
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
    });
    this.setCookies.push(...res.headers.getSetCookie());
    // 204 and 205 (the requested-reviewer removal's "reset content") carry no body.
    if (res.status === 204 || res.status === 205) return undefined as T;
    const text = await res.text();
    if (!res.ok) {
      throw new ApiRefusal(
        res.status,
        errorMessage(text, res.status),
        res.headers.get("Retry-After"),
      );
    }
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
