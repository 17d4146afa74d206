import type { BreakdownDimension, ClickFilterName, ClickFilters } from '@app/contracts';
import { SimpleGrid } from '@chakra-ui/react';
import { BreakdownCard } from '../../../components/filters/BreakdownCard';
import { addDays, toYmd } from '../../../lib/dates';

/** The dashboard's period: the last 30 days, as Click Trends and the Daily Clicks Summary. */
const DAYS = 30;
const CARDS: { title: string; dimension: BreakdownDimension }[] = [
  { title: 'Countries (Last 30 Days)', dimension: 'country' },
  { title: 'Devices (Last 30 Days)', dimension: 'device' },
  { title: 'Referrers (Last 30 Days)', dimension: 'referrer' },
];

/** Where the last 30 days' clicks came from; clicking a value adds it to the dashboard's filters. */
export function DashboardBreakdowns({ filters, onSelect }: { filters: ClickFilters; onSelect: (name: ClickFilterName, value: string) => void }) {
  const today = new Date();
  const [startDate, endDate] = [toYmd(addDays(today, -(DAYS - 1))), toYmd(today)];
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      {CARDS.map((c) => (
        <BreakdownCard key={c.dimension} {...c} startDate={startDate} endDate={endDate} filters={filters} onSelect={onSelect} />
      ))}
    </SimpleGrid>
  );
}
