/** The reader Worker's bindings, as reader/wrangler.toml declares them. */
export interface ReaderEnv {
  /** The API Worker (service binding): every read goes through its public /v1 operations. */
  API: Fetcher;
  /** Where app-hosted sites live (`<this>/<site id>`), the same value the API is given. */
  PUBLIC_SITES_URL: string;
  /**
   * The request header naming the visitor's address (core/requests/client-address.ts), the same
   * value as the API's: unset for Cloudflare's CF-Connecting-IP, `none` for no header.
   */
  CLIENT_ADDRESS_HEADER?: string;
  /** The reader's static files (public/): CSS and the small scripts. Absent in unit tests. */
  ASSETS?: Fetcher;
  /** This deployment's version: rendered pages are kept per build. Absent in unit tests. */
  CF_VERSION_METADATA?: { id: string };
}

/** Hono's environment type for the reader's app. */
export interface ReaderAppEnv {
  Bindings: ReaderEnv;
}
