import type { Child } from "hono/jsx";
import type { JSX } from "hono/jsx/jsx-runtime";
import type { User } from "../api/types";
import { CSRF_FIELD } from "../http/forms";

/**
 * The frame every screen of the app shares: head (the app's own stylesheet and, for a screen
 * that needs one, its own scripts: nothing inline, the CSP allows only the app's files), skip
 * link, the header (home, account and sign-out for a signed-in person), the main column and the
 * footer. Rendered synchronously, like the reader's layouts: a promise out of a render is a bug.
 */

/** Where the app's static files are served (app/public/_app, by the platform). */
export const ASSETS_PATH = "/_app";

/** What a screen hands the shell. */
export interface ShellProps {
  title: string;
  /** The signed-in person and their session's form token, when there is one. */
  person?: { user: User; csrf: string } | null;
  /** The app's own scripts this screen loads (paths under /_app), deferred. */
  scripts?: string[];
  /**
   * The app's bundled browser modules this screen loads, by feature (app/client/<feature>/main.ts,
   * served as /_app/js/<feature>.js by scripts/build-app-client.mjs).
   */
  modules?: string[];
  /** The screen's own stylesheets (paths under /_app, e.g. `css/editor.css`), after app.css. */
  styles?: string[];
  /** Narrow column (sign-in screens) or wide (settings). */
  narrow?: boolean;
  children?: Child;
}

/** The hidden field of a session's CSRF token, for forms that act as the signed-in person. */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />;
}

/** The signed-in person's links (organizations, account) and sign-out, in every header. */
export function AccountNav(props: {
  person: NonNullable<ShellProps["person"]>;
  organizations?: boolean;
}) {
  const { person } = props;
  return (
    <nav class="a-header-nav" aria-label="Account">
      {props.organizations ? <a href="/">Organizations</a> : null}
      <a href="/account">{person.user.displayName || "Account"}</a>
      <form method="post" action="/sign-out" class="a-inline-form">
        <CsrfField token={person.csrf} />
        <button type="submit" class="a-link-button">
          Sign out
        </button>
      </form>
    </nav>
  );
}

function Header(props: { person?: ShellProps["person"] }) {
  const { person } = props;
  return (
    <header class="a-header">
      <a class="a-brand" href="/">
        <img src={`${ASSETS_PATH}/favicon.svg`} alt="" width="24" height="24" />
        <span>Quire</span>
      </a>
      {person ? <AccountNav person={person} organizations /> : null}
    </header>
  );
}

/** The `<head>` every screen shares: its title, the app's stylesheets and the screen's scripts. */
export function ShellHead(props: Omit<ShellProps, "narrow" | "children">) {
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>{`${props.title} · Quire`}</title>
      <link rel="icon" type="image/svg+xml" href={`${ASSETS_PATH}/favicon.svg`} />
      <link rel="stylesheet" href={`${ASSETS_PATH}/app.css`} />
      {(props.styles ?? []).map((href) => (
        <link rel="stylesheet" href={`${ASSETS_PATH}/${href}`} />
      ))}
      {props.person ? <meta name="quire-csrf" content={props.person.csrf} /> : null}
      {(props.scripts ?? []).map((src) => (
        <script src={`${ASSETS_PATH}/${src}`} defer></script>
      ))}
      {(props.modules ?? []).map((feature) => (
        <script type="module" src={`${ASSETS_PATH}/js/${feature}.js`}></script>
      ))}
    </head>
  );
}

/** The whole `<html>` element of a screen. */
export function Shell(props: ShellProps) {
  return (
    <html lang="en">
      <ShellHead {...props} />
      <body>
        <a class="a-skip-link" href="#content">
          Skip to content
        </a>
        <Header person={props.person} />
        <main id="content" class={props.narrow ? "a-main a-narrow" : "a-main"} tabindex={-1}>
          {props.children}
        </main>
        <footer class="a-footer">
          <p>Quire</p>
        </footer>
      </body>
    </html>
  );
}

/** A full HTML document from a screen's root element (`<html>`). */
export function htmlDocument(root: JSX.Element): string {
  const html: unknown = root.toString();
  if (typeof html !== "string") throw new Error("screens render synchronously");
  return `<!doctype html>${html}`;
}
