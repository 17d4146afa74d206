/** The hues charts draw series in, in the order a palette hands them out (a fixed palette: the same link keeps its colour). */
export const CHART_HUES = ['blue', 'green', 'orange', 'purple', 'red', 'yellow', 'teal', 'pink', 'gray', 'cyan'] as const;
export type ChartHue = (typeof CHART_HUES)[number];

/**
 * A chart colour as a CSS variable of the theme's `chart.<hue>` token (app/chart-tokens.ts): recharts writes it into
 * `stroke`/`fill`, and the browser resolves it for the colour mode in force, so a chart needs no re-render to switch.
 */
export const chartColor = (hue: ChartHue): string => `var(--chakra-colors-chart-${hue})`;

/** Every hue in palette order. */
export const CHART_PALETTE: readonly string[] = CHART_HUES.map(chartColor);

/** Surfaces drawn by hand inside charts (custom tooltips, map borders), as theme variables. */
export const CHART_SURFACE = {
  panel: 'var(--chakra-colors-bg-panel)',
  border: 'var(--chakra-colors-border)',
  text: 'var(--chakra-colors-fg)',
  empty: 'var(--chakra-colors-bg-emphasized)',
  /** The world map's shading between few and many clicks. */
  mapFewer: 'var(--chakra-colors-chart-map-fewer)',
  mapMore: 'var(--chakra-colors-chart-map-more)',
} as const;
