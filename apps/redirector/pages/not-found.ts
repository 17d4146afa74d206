import { brandedPage } from './html.js';

/** docs/product.md#custom-domain-redirect-and-link-not-found: the 'Link Not Found' page says the shortened link could not be found. Static: built once. */
export const NOT_FOUND_HTML = brandedPage(
  'Link Not Found',
  `<p class="code">404</p>
<h1>Link Not Found</h1>
<p>The shortened link could not be found.</p>
<p>It may have been deleted, or the address may be mistyped.</p>`,
);

export const UNAVAILABLE_HTML = brandedPage(
  'Temporarily Unavailable',
  `<h1>Temporarily Unavailable</h1>
<p>This short link cannot be opened right now. Please try again in a moment.</p>`,
);
