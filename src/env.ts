// The bottom of the house: everything imports this file, so it imports only modules that import
// nothing above them (src/db, the platform's parts in src/platform; never compose.ts).
import type { Database } from "./db/client";
import type { D1Stats } from "./db/counting";
import type {
  KeptAnswers,
  LargeBodyGate,
  RateLimitWindows,
  VerifiedTokens,
} from "./platform/isolate-memories";
import type { MainRevisionHook } from "./platform/main-revision";

/**
 * Marks the bindings of a call that came through the reader's entrypoint (src/reader-gateway.ts):
 * a symbol, so no deployment variable or client header can set it.
 */
export const FROM_READER: unique symbol = Symbol("quire.from-reader");

/**
 * Marks the bindings of a call that came through the app Worker's entrypoint
 * (src/app-gateway.ts): like FROM_READER, a symbol no variable or header can set.
 */
export const FROM_APP: unique symbol = Symbol("quire.from-app");

/** The Worker's bindings, as declared in wrangler.toml. */
export interface Bindings {
  /** Set only on calls through the reader's entrypoint: its visitor address header is believed. */
  [FROM_READER]?: true;
  /** Set only on calls through the app's entrypoint: its visitor address header is believed. */
  [FROM_APP]?: true;
  DB: D1Database;
  FILES: R2Bucket;
  /** The live co-editing rooms (src/collab): one Durable Object per change request and page. */
  COLLAB_ROOMS?: DurableObjectNamespace;
  /** People per live room (default 100, the contract's); the tests lower it to reach the limit. */
  COLLAB_ROOM_SOCKETS?: string;
  PUBLIC_APP_URL: string;
  /** Where app-hosted sites are published (the reader Worker); unset: `<PUBLIC_APP_URL>/sites`. */
  PUBLIC_SITES_URL?: string;
  SIGNING_SECRET: string;
  /** "1" exposes per-request D1 counts in the X-Quire-D1 header (tests and bench only). */
  DB_STATS?: string;
  /** "1": each job logs one `{"jobStats":…}` line with its D1 counts (the benches read them). */
  JOB_STATS?: string;
  /** Rate Limiting binding per token digest; absent on old deployments (no limiting). */
  RATE_LIMIT_TOKEN?: RateLimit;
  /** Rate Limiting binding per client IP, for requests without a well-formed token. */
  RATE_LIMIT_IP?: RateLimit;
  /** Rate Limiting binding per published site: the embed fetches its site tokens cause. */
  RATE_LIMIT_EMBEDS?: RateLimit;
  /** Mirrors of the bindings' `simple.limit`/`simple.period` (the binding cannot report them). */
  RATE_LIMIT_TOKEN_LIMIT?: string;
  RATE_LIMIT_TOKEN_PERIOD?: string;
  RATE_LIMIT_IP_LIMIT?: string;
  RATE_LIMIT_IP_PERIOD?: string;
  /**
   * The request header naming the client's address (core/requests/client-address.ts): unset for
   * Cloudflare's CF-Connecting-IP, another name behind a proxy of your own, `none` for no header.
   */
  CLIENT_ADDRESS_HEADER?: string;
  /** Origins allowed by CORS: `*` (default) or a comma-separated list of exact origins. */
  CORS_ORIGINS?: string;
  /** Quire's one queue of background jobs (src/jobs). */
  JOBS: Queue<unknown>;
  /** Seconds before a job's first retry (doubling after); default 10, 0 in tests. */
  JOB_RETRY_BASE_SECONDS?: string;
  /**
   * The deployment's OIDC providers: a JSON array of `{ id, title, issuer, clientId }` (or
   * `{ id, title, kind: "github", clientId, url? }` for GitHub's OAuth 2), each provider's client
   * secret in the secret `OIDC_<ID>_SECRET` (src/services/oidc/deployment.ts).
   */
  OIDC_PROVIDERS?: string;
  /**
   * "true" lets the outbound fetcher reach loopback addresses, and only while PUBLIC_APP_URL is
   * on this machine too (local development: src/outbound/dev-loopback.ts).
   */
  OUTBOUND_ALLOW_LOOPBACK?: string;
  /** "off" skips resolving host names over DNS-over-HTTPS before each outbound request. */
  OUTBOUND_DNS_CHECK?: string;
  /** The DNS-over-HTTPS JSON endpoint of that check (default Cloudflare's). */
  OUTBOUND_DOH_URL?: string;
  /** One Git Sync request's time limit in ms (default 120000; short in tests: a hanging remote). */
  GIT_SYNC_TIMEOUT_MS?: string;
  /**
   * How mail leaves (src/mail): `outbox` (kept in D1, listed by `GET /v1/dev/outbox`; the
   * `npm run dev` default), `http` (an HTTP mail API: MAIL_API_*), `none` (no mail; unset = none).
   */
  MAIL_TRANSPORT?: string;
  /** The HTTP mail API's shape: `cloudflare`, `resend`, `postmark` or `generic` (default). */
  MAIL_API_KIND?: string;
  /** The HTTP mail API's send endpoint (e.g. Cloudflare's `/accounts/{id}/email/sending/send`). */
  MAIL_API_URL?: string;
  /** The HTTP mail API's key (a secret: `wrangler secret put MAIL_API_KEY`). */
  MAIL_API_KEY?: string;
  /** The sender of every message, `Quire <no-reply@example.com>` or a bare address. */
  MAIL_FROM?: string;
  /** `open`: anyone may create an account by e-mail; else only invitees and listed domains. */
  SIGN_UP?: string;
  /** Workers AI (optional `[ai] binding = "AI"`): the translation engine when present. */
  AI?: Ai;
  /** A LibreTranslate-compatible endpoint (e.g. https://translate.example.org): the other engine. */
  TRANSLATE_URL?: string;
  /** Its API key, sent as `api_key` when set. */
  TRANSLATE_API_KEY?: string;
  /** Minutes between two re-fetches of a URL-sourced API spec (default 60). */
  OPENAPI_REFETCH_MINUTES?: string;
  /** Time limit of one API spec fetch in ms (default 10000; tests shorten it). */
  OPENAPI_FETCH_TIMEOUT_MS?: string;
  /** Wall-clock limit of one integration dispatch in ms (default 10000; shorter in tests). */
  INTEGRATION_TIMEOUT_MS?: string;
  /** Worker Loader: runs integration scripts in their own isolates. */
  LOADER: WorkerLoader;
  /**
   * The deployed version (wrangler.toml `[version_metadata]`; wrangler dev and the tests make a
   * new id per start): what the readers' kept answers and derived ETags are keyed by, so one
   * deploy never serves another's. Absent (a workerd without it), each isolate is its own version.
   */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
}

/** The authenticated caller: the user and the token they used (loaded by src/auth/caller.ts). */
export interface Caller {
  user: {
    id: string;
    displayName: string;
    email: string;
    emailVerified: boolean;
    photoURL: string | null;
  };
  token: {
    id: string;
    /** An API token (`Authorization: Bearer`), or a person's session (its cookie). */
    kind: "api" | "session";
    scopes: string[] | null;
    lastUsedAt: string | null;
    /** When the token stops working; a token it creates may not outlive it. */
    expiresAt: string | null;
  };
}

/** What a member's preview token previews: one change request, or one revision, of one space. */
export interface PreviewGrant {
  space: string;
  changeRequest?: string;
  revision?: string;
}

/**
 * What a site API token grants (src/auth/site-token.ts mints and verifies it): read-only access
 * to one site's published content, as the official `SiteAPIToken` names it.
 */
export interface SiteGrant {
  organization: string;
  site: string;
  siteSpace: string;
  siteSection?: string;
  space: string;
  /** Every space the site shows this visitor (official `spaces`; adaptive conditions applied). */
  spaces: string[];
  /** The site's `publication_version` at minting: a read checks it is still current. */
  publicationVersion: number;
  /** The visitor's claims: signed ones at the top, unsigned ones under `unsigned`. */
  claims: Record<string, unknown>;
  /** Whether the site applies adaptive conditions (pages' conditions are checked on reads). */
  adaptive: boolean;
  visitorType: "human" | "agent";
  /** The share key the site was opened with (share-link sites). */
  shareKey?: string;
  /**
   * A member's preview token (official `draft`), with what it previews (`preview`): it also
   * reads that change request of that space (with the revisions of its line), or that revision.
   * Minted only for a member who reads the space; `draft` without `preview` reads no draft.
   */
  draft?: boolean;
  preview?: PreviewGrant;
  /** When the token stops working (ms since the epoch). */
  expiresAt: number;
}

/**
 * Per-request authentication state: the digest of a Quire token from the header, then the
 * loaded caller; or the grant of a site API token (`site`); or neither on the few operations
 * anyone may call (`anonymous`).
 */
interface CallerCache {
  digest: string | null;
  /** The session secret of the `quire_session` cookie, when that is the presented credential. */
  session?: string;
  caller?: Caller;
  site?: SiteGrant;
  anonymous?: boolean;
}

/**
 * What the request's route declared about itself (src/http/route-facts.ts: `publicRoute()`,
 * `readerOperation(…)`, `fixedByRevision(…)`, `ownBodyCap(bytes)` in its createRoute), found once
 * per request by `requestContext` from Hono's matched route, and the methods of its path.
 */
export interface RouteFacts {
  /** Whether a route serves this method on this path (false: a 404 or a 405 follows). */
  matched: boolean;
  /** Open to everyone: no token is asked for, any `Authorization` is ignored. */
  public: boolean;
  /** A way in (`signInRoute()`): it spends the per-address rate-limit budget. */
  signIn: boolean;
  /** A reader operation with a body: who may call it without a Quire token. */
  readers: "anonymous" | "site-token" | null;
  /** A site token's read fixed by its revision: the position of the space id in the path. */
  fixedSpaceSegment: number | null;
  /** The route's own body cap in bytes (`ownBodyCap`), null for the app's default. */
  bodyCap: number | null;
  /** The path's `Allow` (null: no route has this path); set for an unmatched method or OPTIONS. */
  allow: string | null;
  /** Whether some route of the path is open without a token (its wrong methods answer 405). */
  openPath: boolean;
}

/** Per-request values set by middleware and read by routes and services. */
interface Variables {
  /** What the request's route declared (see `RouteFacts`). */
  route: RouteFacts;
  /** The spec state a revision-fixed read's grant check read (src/auth/site-reader.ts). */
  revisionSpecState?: string;
  requestId: string;
  /** The request's D1 binding, wrapped to count round trips and rows. */
  d1: D1Database;
  /** drizzle over `d1`. */
  db: Database;
  d1Stats: D1Stats;
  caller: CallerCache;
  /** The work after each new main revision (the platform's hooks, `createPlatform`). */
  mainRevisionHooks: readonly MainRevisionHook[];
  /** Token digests this isolate verified in the last seconds (see `VerifiedTokens`). */
  verifiedTokens: VerifiedTokens;
  /** Requests with large bodies run one at a time per isolate (see `LargeBodyGate`). */
  largeBodyGate: LargeBodyGate;
  /** Rate-limit windows as this isolate saw them (see `RateLimitWindows`). */
  rateLimitWindows: RateLimitWindows;
  /** The readers' revision-fixed answers this isolate made (see `KeptAnswers`). */
  keptAnswers: KeptAnswers;
}

/** The Hono environment shared by every router of the app. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
