import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE, chartColor } from '../../../components/ui/chart-colors';
import { truncateName } from '../lib/labels';
import { COUNT_AXIS, clicksTooltip } from '../../../lib/numbers';

export const CHART_COLORS = CHART_PALETTE;

export function CountryDoughnut({ data }: { data: { name: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <PieChart>
        <Pie data={data} dataKey="count" nameKey="name" innerRadius="50%" outerRadius="80%" isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(v) => [clicksTooltip(v), 'Clicks']} />
        <Legend verticalAlign="bottom" />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function CountBars({
  data,
  height = 260,
  color = chartColor('blue'),
}: {
  data: { name: string; count: number }[];
  height?: number;
  color?: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" tickFormatter={(n: string) => truncateName(n)} interval={0} fontSize={11} />
        <YAxis {...COUNT_AXIS} />
        <Tooltip formatter={(v) => [clicksTooltip(v), 'Clicks']} />
        <Bar dataKey="count" fill={color} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
