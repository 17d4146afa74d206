import type { PerformanceReport } from './report.js';

const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CHART_LINKS = 10;

/** A standalone report page (no scripts, no external resources; strict CSP) that can be opened or mailed. */
export function toHtmlReport(report: PerformanceReport): string {
  const rows = report.links
    .map(
      (l) =>
        `<tr><td>${esc(l.name ?? l.shortCode)}${'ownerUsername' in l && l.ownerUsername ? ` <small>(${esc(l.ownerUsername)})</small>` : ''}</td>` +
        `<td><a href="${esc(l.shortUrl)}">${esc(l.shortUrl)}</a></td><td class="url">${esc(l.originalUrl)}</td>` +
        `<td class="n">${l.clicksInRange}</td><td class="n">${l.clickCount}</td><td>${esc(l.lastClick ?? 'Never')}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LinkPulse performance report ${esc(report.startDate)} to ${esc(report.endDate)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#1a202c}table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #e2e8f0;padding:.4rem .6rem;text-align:left;vertical-align:top}.n{text-align:right}
.url{word-break:break-all;max-width:24rem}tfoot td{font-weight:bold}small{color:#718096}
</style>
</head>
<body>
<h1>Link performance</h1>
<p>${esc(report.startDate)} to ${esc(report.endDate)} (UTC${esc(utcLabel(report.timezoneOffset))}), generated ${esc(report.generatedAt)}</p>
<p>${report.totals.links} links, ${report.totals.clicksInRange} clicks in range, ${report.totals.clickCount} clicks in total.</p>
${barChart(report)}
<table>
<thead><tr><th>Link</th><th>Short URL</th><th>Original URL</th><th class="n">Clicks in Range</th><th class="n">Total Clicks</th><th>Last Click</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td>Total Summary (${report.totals.links} links)</td><td></td><td></td><td class="n">${report.totals.clicksInRange}</td><td class="n">${report.totals.clickCount}</td><td>${esc(report.totals.lastClick ?? 'Never')}</td></tr></tfoot>
</table>
</body>
</html>
`;
}

/** Horizontal bars of clicks in range for the top links, scaled to the largest. */
function barChart(report: PerformanceReport): string {
  const top = report.links.filter((l) => l.clicksInRange > 0).slice(0, CHART_LINKS);
  if (!top.length) return '<p>No clicks in this range.</p>';
  const max = Math.max(...top.map((l) => l.clicksInRange));
  const rowH = 26;
  const bars = top
    .map((l, i) => {
      const w = Math.max(2, Math.round((l.clicksInRange / max) * 420));
      const y = i * rowH;
      const label = l.name ?? l.shortCode;
      const name = label.length > 24 ? label.slice(0, 24) + '...' : label;
      return (
        `<text x="0" y="${y + 17}" font-size="13">${esc(name)}</text>` +
        `<rect x="190" y="${y + 4}" width="${w}" height="18" fill="#3182ce"><title>${esc(label)}: ${l.clicksInRange} clicks</title></rect>` +
        `<text x="${196 + w}" y="${y + 17}" font-size="12">${l.clicksInRange}</text>`
      );
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Clicks in range per link" width="680" height="${top.length * rowH}" viewBox="0 0 680 ${top.length * rowH}">${bars}</svg>`;
}

function utcLabel(offset: number): string {
  const local = -offset;
  const sign = local < 0 ? '-' : '+';
  const a = Math.abs(local);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}
