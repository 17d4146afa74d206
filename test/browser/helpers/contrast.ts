import type { Page } from 'playwright-core';

/** What a screen's contrast check read: how many texts of each kind, and those below WCAG AA. */
export interface ContrastReport {
  checked: Record<string, number>;
  problems: string[];
}

/**
 * WCAG AA contrast of the texts a reader relies on — headings, labels and body text, table cells, the welcome, chart
 * axis and legend labels, an open chart tooltip — against the background actually behind each (the nearest ancestor
 * backgrounds blended, the text's opacity applied): at least 4.5:1, 3:1 for large text (24 px, or 18.66 px bold).
 * Disabled controls are exempt (WCAG 1.4.3). Colours are read through a canvas, so any CSS colour syntax works.
 */
export async function contrastReport(page: Page): Promise<ContrastReport> {
  return page.evaluate(() => {
    // Most specific first: an element is counted once, under the first kind it matches.
    const KINDS: [kind: string, selector: string][] = [
      ['chart tooltip', '.recharts-tooltip-wrapper *'],
      ['chart axis', '.recharts-cartesian-axis-tick-value, .recharts-polar-angle-axis-tick-value'],
      ['chart legend', '.recharts-legend-item-text'],
      ['heading', 'h1, h2, h3, h4'],
      ['table cell', 'th, td'],
      ['text', 'p, label, span, a, button, dt, dd, li, div'],
    ];
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    /** The opaque colour behind an element: its and its ancestors' backgrounds, blended top down onto the page's. */
    const backdrop = (el: Element): number[] => {
      const layers: number[][] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let base = [255, 255, 255];
      for (const layer of layers.reverse()) base = over(layer, base);
      return base;
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden=true], [hidden]');
    };
    const disabled = (el: Element) => Boolean(el.closest(':disabled, [aria-disabled=true], [data-disabled]'));
    const checked: Record<string, number> = {};
    const problems: string[] = [];
    const seen = new Set<Element>();
    for (const [kind, selector] of KINDS) {
      for (const el of document.querySelectorAll(selector)) {
        // SVG labels keep their text in a <tspan>; HTML elements need text of their own.
        const svg = el instanceof SVGElement;
        const text = svg ? (el.textContent ?? '').trim() : ownText(el);
        if (seen.has(el) || !text || !visible(el) || disabled(el)) continue;
        seen.add(el);
        checked[kind] = (checked[kind] ?? 0) + 1;
        const style = getComputedStyle(el);
        const paint = rgba(svg ? style.fill : style.color);
        const bg = backdrop(el);
        const fg = over([paint[0], paint[1], paint[2], paint[3] * opacity(el)], bg);
        const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
        const ratio = (hi + 0.05) / (lo + 0.05);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        const needed = large ? 3 : 4.5;
        if (ratio < needed) {
          const hex = (c: number[]) => '#' + c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
          problems.push(`${kind} "${text.slice(0, 40)}": ${ratio.toFixed(2)}:1 (${hex(fg)} on ${hex(bg)}), needs ${needed}:1`);
        }
      }
    }
    return { checked, problems };
  });
}
