import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from './chart-colors';
import { formatShortDate } from '../../lib/dates';
import { COUNT_AXIS, clicksTooltip } from '../../lib/numbers';

/**
 * Clicks per local day (Link Analytics, shared stats pages). Straight segments (`linear`): a smoothed curve would bend a one-day spike into the
 * day before. The tooltip follows a tap as well as the pointer.
 */
export default function ClicksOverTimeChart({ days }: { days: { date: string; clicks: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={days} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" tickFormatter={(d: string) => formatShortDate(d)} minTickGap={24} fontSize={12} />
        <YAxis {...COUNT_AXIS} domain={[0, 'auto']} fontSize={12} />
        <Tooltip labelFormatter={(d) => formatShortDate(String(d))} formatter={(v) => [clicksTooltip(v), 'Clicks']} />
        <Area
          type="linear"
          dataKey="clicks"
          stroke={chartColor('blue')}
          fill={chartColor('blue')}
          fillOpacity={0.2}
          strokeWidth={2}
          dot={days.length <= 31}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
