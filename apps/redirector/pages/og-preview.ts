import type { CachedLink } from '@app/contracts';
import { escapeHtml, PAGE_STYLE } from './html.js';

/** CSP of the preview page: the og:image may be shown, nothing else loads. */
export const OG_PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src https: http:";

/** True when the link has its own Open Graph data worth showing to a crawler (else the crawler follows the 302). */
export function hasOpenGraph(link: CachedLink): boolean {
  return Boolean(link.ogTitle || link.ogDescription || link.ogImage);
}

/** The small page social crawlers get: the link's Open Graph tags, every value escaped, and a refresh to the target. */
export function ogPreviewHtml(link: CachedLink, shortUrl: string): string {
  const url = escapeHtml(link.url);
  const title = escapeHtml(link.ogTitle || link.url);
  const meta = [
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:url" content="${escapeHtml(shortUrl)}">`,
    link.ogDescription ? `<meta property="og:description" content="${escapeHtml(link.ogDescription)}">` : '',
    link.ogDescription ? `<meta name="description" content="${escapeHtml(link.ogDescription)}">` : '',
    link.ogImage ? `<meta property="og:image" content="${escapeHtml(link.ogImage)}">` : '',
    `<meta name="twitter:card" content="${link.ogImage ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${title}">`,
    link.ogDescription ? `<meta name="twitter:description" content="${escapeHtml(link.ogDescription)}">` : '',
    link.ogImage ? `<meta name="twitter:image" content="${escapeHtml(link.ogImage)}">` : '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${meta.join('\n')}
<meta http-equiv="refresh" content="0; url=${url}">
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<div class="brand">LinkPulse</div>
<h1>${title}</h1>
${link.ogDescription ? `<p>${escapeHtml(link.ogDescription)}</p>` : ''}
<p>Redirecting to <a href="${url}">${url}</a></p>
</main>
</body>
</html>
`;
}
