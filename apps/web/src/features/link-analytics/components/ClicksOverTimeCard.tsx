import type { LinkAnalyticsDto } from '@app/contracts';
import { Box, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDate } from '../../../lib/dates';

// recharts loads beside the page, as on the dashboard.
const ClicksOverTimeChart = lazy(() => import('../../../components/ui/ClicksOverTimeChart'));
const LOADING = <Text color="fg.muted">Loading chart...</Text>;

/** 'Clicks Over Time': the first card of the page, one point per local day of the period. */
export function ClicksOverTimeCard({ data }: { data: LinkAnalyticsDto }) {
  const days = data.clicksOverTime;
  const range = data.range ?? (days.length ? { startDate: days[0].date, endDate: days[days.length - 1].date } : null);
  return (
    <TitledCard
      title="Clicks Over Time"
      level="h2"
      headingSize="md"
      description={range ? `${formatDate(range.startDate)} – ${formatDate(range.endDate)}` : undefined}
    >
      {days.every((d) => d.clicks === 0) ? (
        <Text color="fg.muted">No clicks in this period</Text>
      ) : (
        <Box data-testid="clicks-over-time-chart">
          <Suspense fallback={LOADING}>
            <ClicksOverTimeChart days={days} />
          </Suspense>
        </Box>
      )}
    </TitledCard>
  );
}
