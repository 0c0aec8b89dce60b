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
