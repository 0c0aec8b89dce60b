/** The app Worker's bindings, as app/wrangler.toml declares them. */
export interface AppBindings {
  /** The API Worker (service binding, its `AppGateway` entrypoint): every call goes through /v1. */
  API: Fetcher;
  /**
   * The request header naming the visitor's address (core/requests/client-address.ts), the same
   * value as the API's: unset for Cloudflare's CF-Connecting-IP, `none` for no header.
   */
  CLIENT_ADDRESS_HEADER?: string;
  /** The app's static files (public/): CSS, icon, small scripts. Absent in unit tests. */
  ASSETS?: Fetcher;
}
