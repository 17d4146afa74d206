import type { TrendPointDto } from '@app/contracts';
import { Box, Card, Skeleton, Text } from '@chakra-ui/react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '../../../lib';
import { COUNT_AXIS, clicksTooltip } from '../../../lib/numbers';
import { trendSeries } from '../lib/chart-data';

/** Trends: 'Click Trends Over Time', one line per top link. */
export function TrendsTab({ trends, loading }: { trends: TrendPointDto[] | undefined; loading: boolean }) {
  const { series, rows } = trendSeries(trends ?? []);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Click Trends Over Time</Card.Title>
        <Card.Description>Daily clicks of your top 5 links in the selected range</Card.Description>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Skeleton h="80" />
        ) : series.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="10">
            No click data available yet
          </Text>
        ) : (
          <Box h="80" role="img" aria-label="Click trends over time">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis
                  dataKey="date"
                  tickFormatter={formatShortDate}
                  fontSize={12}
                  minTickGap={16}
                  label={{ value: 'Date', position: 'insideBottom', offset: -2 }}
                />
                <YAxis {...COUNT_AXIS} fontSize={12} />
                <Tooltip labelFormatter={(d) => formatShortDate(String(d))} formatter={(v, name) => [clicksTooltip(v), name]} />
                <Legend verticalAlign="bottom" />
                {series.map((s) => (
                  <Line key={s.id} type="linear" dataKey={s.id} name={s.name} stroke={s.color} strokeWidth={2} dot={false} />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
