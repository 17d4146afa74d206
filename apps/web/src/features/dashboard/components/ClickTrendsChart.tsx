import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_SURFACE } from '../../../components/ui/chart-colors';
import { formatShortDate } from '../../../lib/dates';
import { COUNT_AXIS } from '../../../lib/numbers';
import type { TrendRow, TrendSeries } from '../lib/trend-series';
import { trendTooltipLine } from '../lib/trend-series';

interface TooltipProps {
  active?: boolean;
  label?: string | number;
  payload?: { dataKey?: unknown; value?: unknown; color?: string }[];
}

function TrendTooltip({ active, label, payload, series }: TooltipProps & { series: TrendSeries[] }) {
  if (!active || !payload?.length) return null;
  return (
    <div
      style={{
        background: CHART_SURFACE.panel,
        color: CHART_SURFACE.text,
        border: `1px solid ${CHART_SURFACE.border}`,
        borderRadius: 6,
        padding: '6px 10px',
        fontSize: 13,
      }}
    >
      <div style={{ fontWeight: 600 }}>{formatShortDate(String(label))}</div>
      {payload.map((p) => {
        const s = series.find((x) => x.linkId === p.dataKey);
        return (
          <div key={String(p.dataKey)} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            {/* The line's colour as a swatch; the text stays in the panel's text colour (readable in both modes). */}
            <span aria-hidden style={{ width: 8, height: 8, borderRadius: 2, background: p.color, flexShrink: 0 }} />
            {trendTooltipLine(s?.linkName ?? String(p.dataKey), Number(p.value ?? 0))}
          </div>
        );
      })}
    </div>
  );
}

/**
 * recharts line chart: one line per link, whole-number Y from 0, legend at the bottom. Straight segments: a smoothed
 * curve would bend a one-day spike into the day before.
 */
export default function ClickTrendsChart({ rows, series }: { rows: TrendRow[]; series: TrendSeries[] }) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" tickFormatter={(d: string) => formatShortDate(d)} label={{ value: 'Date', position: 'insideBottom', offset: -12 }} />
        <YAxis {...COUNT_AXIS} domain={[0, 'auto']} label={{ value: 'Clicks', angle: -90, position: 'left', offset: 0 }} />
        <Tooltip content={<TrendTooltip series={series} />} />
        <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 16 }} />
        {series.map((s) => (
          <Line
            key={s.linkId}
            type="linear"
            dataKey={s.linkId}
            name={s.linkName}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
