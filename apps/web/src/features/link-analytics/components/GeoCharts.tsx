import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE, chartColor } from '../../../components/ui/chart-colors';
import { truncateName } from '../lib/labels';
import { COUNT_AXIS, clicksTooltip, formatCount } from '../../../lib/numbers';

export const CHART_COLORS = CHART_PALETTE;

/**
 * A doughnut of the slices (the top countries and "Other"), its legend below as a list with each slice's clicks, so a
 * phone can read it; a tap on a slice shows its tooltip.
 */
export function CountryDoughnut({ data }: { data: { name: string; count: number }[] }) {
  return (
    <Stack gap="3">
      <ResponsiveContainer width="100%" height={220}>
        <PieChart>
          <Pie data={data} dataKey="count" nameKey="name" innerRadius="50%" outerRadius="85%" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(v, name) => [clicksTooltip(v), String(name)]} />
        </PieChart>
      </ResponsiveContainer>
      <Box
        as="ul"
        listStyleType="none"
        m="0"
        p="0"
        aria-label="Countries legend"
        display="grid"
        gridTemplateColumns="repeat(auto-fill, minmax(9rem, 1fr))"
        gap="1"
      >
        {data.map((d, i) => (
          <Flex as="li" key={d.name} align="center" gap="2" fontSize="sm" minW="0" data-testid="doughnut-legend-item">
            <Box w="2.5" h="2.5" borderRadius="full" flexShrink={0} style={{ background: CHART_COLORS[i % CHART_COLORS.length] }} />
            <Text truncate flex="1">
              {d.name}
            </Text>
            <Text fontWeight="semibold">{formatCount(d.count)}</Text>
          </Flex>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * Counts as bars: upright with the names cut under them, or lying (`horizontal`) with the names beside them, which a
 * 390 px phone can read in full.
 */
export function CountBars({
  data,
  height = 260,
  color = chartColor('blue'),
  horizontal = false,
}: {
  data: { name: string; count: number }[];
  height?: number;
  color?: string;
  horizontal?: boolean;
}) {
  if (horizontal) {
    return (
      <ResponsiveContainer width="100%" height={Math.max(120, data.length * 34 + 32)}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" {...COUNT_AXIS} fontSize={12} />
          <YAxis type="category" dataKey="name" width={112} tickFormatter={(n: string) => truncateName(n)} interval={0} fontSize={12} />
          <Tooltip formatter={(v) => [clicksTooltip(v), 'Clicks']} />
          <Bar dataKey="count" fill={color} isAnimationActive={false} barSize={18} />
        </BarChart>
      </ResponsiveContainer>
    );
  }
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
