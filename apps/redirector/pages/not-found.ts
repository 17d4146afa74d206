import { PAGE_STYLE } from './html.js';

/** SPEC §2: the 'Link Not Found' page says the shortened link could not be found. Static: built once. */
export const NOT_FOUND_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Link Not Found</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<div class="brand">LinkPulse</div>
<p class="code">404</p>
<h1>Link Not Found</h1>
<p>The shortened link could not be found.</p>
<p>It may have been deleted, or the address may be mistyped.</p>
</main>
</body>
</html>
`;

export const UNAVAILABLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily Unavailable</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<div class="brand">LinkPulse</div>
<h1>Temporarily Unavailable</h1>
<p>This short link cannot be opened right now. Please try again in a moment.</p>
</main>
</body>
</html>
`;
