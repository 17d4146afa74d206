const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Headers of every HTML page of the redirector: nothing may load but inline styles (and preview images), and no
 * other site may frame the page (`frame-ancestors 'none'`, X-Frame-Options for older browsers): a framed password
 * form could be overlaid to harvest passwords or clicks.
 */
export function htmlHeaders(body: string, csp = "default-src 'none'; style-src 'unsafe-inline'") {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': `${csp}; frame-ancestors 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=0',
    'X-Robots-Tag': 'noindex',
  };
}

/**
 * The product's look, shared by the pages: a centred card, LinkPulse blue, in the visitor's colour scheme (light, or
 * dark under `prefers-color-scheme: dark`); every colour is a variable so the extra styles of a page follow too.
 */
export const PAGE_STYLE = `
  :root{color-scheme:light dark;--page:#f7fafc;--card:#fff;--line:#e2e8f0;--text:#1a202c;--muted:#4a5568;--accent:#2b6cb0;
    --accent-strong:#2c5282;--on-accent:#fff;--field:#cbd5e0;--error:#c53030;--error-bg:#fff5f5;--error-line:#feb2b2}
  @media (prefers-color-scheme: dark){:root{--page:#0f1115;--card:#1a1d23;--line:#2d3340;--text:#f1f5f9;--muted:#a0aec0;
    --accent:#63b3ed;--accent-strong:#90cdf4;--on-accent:#0f1115;--field:#4a5568;--error:#feb2b2;--error-bg:#3b1618;--error-line:#9b2c2c}}
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:var(--page);color:var(--text)}
  main{max-width:420px;width:100%;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:40px 32px;
    text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  .brand{font-weight:700;color:var(--accent);letter-spacing:.02em;margin-bottom:24px}
  .code{font-size:48px;font-weight:800;color:var(--accent);margin:0}
  h1{font-size:24px;margin:8px 0 12px}
  p{color:var(--muted);line-height:1.5;margin:0 0 8px}
  a{color:var(--accent);word-break:break-all}
`;

/** A whole page of the redirector: the LinkPulse brand over `body` (HTML), not indexed, styled inline. */
export function brandedPage(title: string, body: string, extraStyle = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}${extraStyle}</style>
</head>
<body>
<main>
<div class="brand">LinkPulse</div>
${body}
</main>
</body>
</html>
`;
}
