/**
 * A real browser's user agent. Clicks from bots (isbot: curl, node's fetch, bare "Mozilla/5.0", HeadlessChrome) are
 * stored but counted nowhere (docs/product.md#link-controls), so tests that count clicks send this one.
 */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
