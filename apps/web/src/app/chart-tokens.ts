import { CHART_HUES } from '../components/ui/chart-colors';

/**
 * The charts' colours as semantic tokens (`chart.<hue>`): the 500 shade on light backgrounds, the brighter 400 on
 * dark ones, so every series keeps its contrast in both colour modes. Charts name them through `chartColor` and
 * `CHART_SURFACE` (components/ui/chart-colors.ts).
 */
export const chartSemanticColors = {
  chart: {
    ...Object.fromEntries(CHART_HUES.map((hue) => [hue, { value: { _light: `{colors.${hue}.500}`, _dark: `{colors.${hue}.400}` } }])),
    // The world map's two ends: few clicks stand out from the empty land a little, many clicks most (light: darker
    // blue; dark: brighter blue).
    'map-fewer': { value: { _light: '{colors.blue.100}', _dark: '{colors.blue.800}' } },
    'map-more': { value: { _light: '{colors.blue.900}', _dark: '{colors.blue.300}' } },
  },
};

/**
 * recharts draws its axes, grid, legend and default tooltip with fixed light-theme colours; these rules give every
 * chart the theme's instead (CSS wins over SVG presentation attributes; the tooltip's inline style needs !important).
 */
const v = (token: string) => `var(--chakra-colors-${token})`;
export const chartGlobalCss = {
  '.recharts-cartesian-axis-tick-value, .recharts-label, .recharts-polar-angle-axis-tick-value': { fill: v('fg-muted') },
  '.recharts-cartesian-axis-line, .recharts-cartesian-axis-tick-line': { stroke: v('border-emphasized') },
  '.recharts-cartesian-grid line': { stroke: v('border') },
  '.recharts-legend-item-text': { color: `${v('fg')} !important` },
  '.recharts-default-tooltip': {
    background: `${v('bg-panel')} !important`,
    borderColor: `${v('border')} !important`,
    color: v('fg'),
  },
  '.recharts-tooltip-label': { color: v('fg') },
  // A tooltip line names its series in the theme's text colour (a series colour as text is below 4.5:1 on the
  // panel); the series colour stays on the line as a swatch (the item's inline colour, currentColor).
  '.recharts-tooltip-item > span': { color: v('fg') },
  '.recharts-tooltip-item::before': {
    content: '""',
    display: 'inline-block',
    width: '8px',
    height: '8px',
    borderRadius: '2px',
    background: 'currentColor',
    marginRight: '6px',
  },
  '.recharts-tooltip-cursor': { fill: v('bg-muted'), stroke: v('border-emphasized') },
  '.recharts-pie-sector path, .recharts-sector': { stroke: v('bg-panel') },
};
