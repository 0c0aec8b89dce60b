/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The plain page a browser sees when a SAML sign-in is refused: the reason and a reference id
 * (the same id is in the log line), nothing else: no token, no assertion, no script.
 */
export function ssoErrorPage(reason: string, reference: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign-in failed</title></head>
<body>
<h1>Sign-in failed</h1>
<p>${escapeHtml(reason)}</p>
<p>Reference: <code>${escapeHtml(reference)}</code></p>
</body>
</html>
`;
}

/** What the SSO callback page shows: the one-time code and where to exchange it. */
export interface SsoCallbackView {
  /** The one-time code from the URL, or null when the URL carries none that could be one. */
  code: string | null;
  /** The code exchange operation's absolute URL (`POST /v1/sso/token`). */
  exchangeUrl: string;
}

/**
 * The page a browser lands on after a good SAML sign-in (`$PUBLIC_APP_URL/sso/callback?code=…`),
 * so the flow ends on a real page: it says the sign-in worked and shows how to exchange the
 * one-time code for an API token within 60 seconds. It exchanges nothing itself (a GET must not
 * spend the code) and loads nothing: no script, no style, no third-party host.
 */
export function ssoCallbackPage({ code, exchangeUrl }: SsoCallbackView): string {
  const body = code
    ? `<h1>Signed in</h1>
<p>Your identity provider signed you in. Exchange this one-time code for an API token within
60 seconds; it works once:</p>
<p><code>${escapeHtml(code)}</code></p>
<pre><code>curl -s -X POST -H "Content-Type: application/json" \\
  --data '{"code":"${escapeHtml(code)}"}' ${escapeHtml(exchangeUrl)}</code></pre>
<p>The answer carries the token (8 hours), the user and the organization. An app built on
Quire exchanges the code here itself.</p>`
    : `<h1>No sign-in code</h1>
<p>This page ends a SAML sign-in: it is reached with <code>?code=…</code> from the service
provider. Start the sign-in again from your identity provider or the provider's start URL.</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${code ? "Signed in" : "No sign-in code"}</title></head>
<body>
${body}
</body>
</html>
`;
}
