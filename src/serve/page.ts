/**
 * The web inbox's one HTML page and its headers: a shell with no inline script or style (the app is
 * /app.js, its look /app.css), served under a Content-Security-Policy that allows nothing else. Everything
 * the page shows is built by app.js with textContent. No Pi imports.
 */

/** Nothing but this server's own script, style and requests; no frames, forms, plugins or base. */
const CSP = [
	"default-src 'none'",
	"script-src 'self'",
	"style-src 'self'",
	"connect-src 'self'",
	"img-src 'self'",
	"base-uri 'none'",
	"form-action 'none'",
	"frame-ancestors 'none'",
].join("; ");

/** Sent with every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
	"Content-Security-Policy": CSP,
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy": "no-referrer",
	"X-Frame-Options": "DENY",
	"Cross-Origin-Opener-Policy": "same-origin",
	"Cross-Origin-Resource-Policy": "same-origin",
	"Permissions-Policy": "camera=(), microphone=(), geolocation=()",
	"Cache-Control": "no-store",
};

export const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>pi-ask inbox</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<main id="app" aria-live="polite"><p>Loading…</p></main>
<noscript>This page needs JavaScript.</noscript>
</body>
</html>
`;
