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

/** The product's look, shared by the pages: a centred white card on a light grey page, LinkPulse blue. */
export const PAGE_STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f7fafc;color:#1a202c}
  main{max-width:420px;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:40px 32px;
    text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  .brand{font-weight:700;color:#3182ce;letter-spacing:.02em;margin-bottom:24px}
  .code{font-size:48px;font-weight:800;color:#3182ce;margin:0}
  h1{font-size:24px;margin:8px 0 12px}
  p{color:#4a5568;line-height:1.5;margin:0 0 8px}
  a{color:#3182ce;word-break:break-all}
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
