/** One style for every number the UI shows: counts with thousands separators, plurals, short axis ticks. */
// Made on first use, not when the module loads: building a formatter costs tens of ms of the first paint on a slow CPU
// (the compact one most), and the dashboard's chunk imports this module before it renders.
let counts: Intl.NumberFormat | undefined;
let compact: Intl.NumberFormat | undefined;

/** 1372717 → '1,372,717'. */
export function formatCount(n: number): string {
  counts ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return counts.format(n);
}

/** (1, 'IP') → '1 IP'; (5, 'click') → '5 clicks'; (2, 'city', 'cities') → '2 cities'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** Axis tick labels that fit: 400000 → '400K', 1200000 → '1.2M'. */
export function axisTick(n: number): string {
  compact ??= new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  return compact.format(n);
}

/** Props of every count Y axis: whole numbers, short labels, room for '999.9K'. */
export const COUNT_AXIS = { allowDecimals: false, tickFormatter: (v: number) => axisTick(v), width: 48 } as const;

/** recharts tooltip value: '1,500 clicks'. */
export const clicksTooltip = (v: unknown) => countOf(Number(v ?? 0), 'click');
