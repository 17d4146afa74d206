import type { ClickFilters } from '@app/contracts';
import { Box, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { useTrends } from '../../../api/get-trends';
import { buildTrendSeries } from '../lib/trend-series';

// recharts is most of the dashboard's JavaScript: load it beside the page, not before it, so the stats and the
// top links paint (the largest contentful paint) while the chart is still on its way.
const ClickTrendsChart = lazy(() => import('./ClickTrendsChart'));
const LOADING = <Text color="fg.muted">Loading trends data...</Text>;

export function ClickTrendsCard({ pollMs, filters }: { pollMs: number | false; filters?: ClickFilters }) {
  const { data, isLoading } = useTrends(undefined, undefined, pollMs, filters);
  const { rows, series } = buildTrendSeries(data ?? []);
  const empty = series.length === 0 || series.every((s) => s.total === 0);
  return (
    <TitledCard title="Click Trends" level="h2" headingSize="md">
      {isLoading ? (
        LOADING
      ) : empty ? (
        <Text color="fg.muted">No click data available yet</Text>
      ) : (
        <Box data-testid="click-trends-chart">
          <Suspense fallback={LOADING}>
            <ClickTrendsChart rows={rows} series={series} />
          </Suspense>
        </Box>
      )}
    </TitledCard>
  );
}
