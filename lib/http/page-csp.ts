/**
 * The Content-Security-Policy of the site's pages (the widget has its own, widget-response.ts).
 * Scripts: this origin's files, and inline scripts only with the request's nonce — Next puts it on
 * the App Router's inline bootstrap scripts; the explorer's pages have none (their one script is
 * /explorer.js). Without a nonce (answers proxy.ts does not see: static files, scripts) no inline
 * script runs at all. Styles keep 'unsafe-inline': React's style attributes, and the stylesheets
 * the API reference (Scalar) and the GraphQL IDE insert at run time, take no nonce. The GraphQL
 * IDE's editor runs its workers from blob: URLs. Nothing loads from another origin.
 */
export function pageCsp(nonce?: string): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
