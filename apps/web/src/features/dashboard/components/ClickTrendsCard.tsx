import { Box, Card, Heading, Text } from '@chakra-ui/react';
import { useTrends } from '../api/get-trends';
import { buildTrendSeries } from '../lib/trend-series';
import ClickTrendsChart from './ClickTrendsChart';

export function ClickTrendsCard({ pollMs }: { pollMs: number | false }) {
  const { data, isLoading } = useTrends(undefined, undefined, pollMs);
  const { rows, series } = buildTrendSeries(data ?? []);
  const empty = series.length === 0 || series.every((s) => s.total === 0);
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Click Trends
        </Heading>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Text color="fg.muted">Loading trends data...</Text>
        ) : empty ? (
          <Text color="fg.muted">No click data available yet</Text>
        ) : (
          <Box data-testid="click-trends-chart">
            <ClickTrendsChart rows={rows} series={series} />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
