import type { StatsDto } from '@app/contracts';
import { SimpleGrid } from '@chakra-ui/react';
import { ChangeText } from '../../../components/filters/ChangeText';
import { CountCard } from '../../../components/ui/CountCard';

type Figure = Exclude<keyof StatsDto, 'previous'>;
const CARDS: { label: string; key: Figure; before?: keyof NonNullable<StatsDto['previous']>; vs?: string }[] = [
  { label: 'Total Clicks', key: 'totalClicks' },
  { label: 'Clicks Today', key: 'clicksToday', before: 'clicksToday', vs: 'vs yesterday' },
  { label: 'Clicks This Week', key: 'clicksThisWeek', before: 'clicksThisWeek', vs: 'vs last week' },
  { label: 'Total Links', key: 'totalLinks' },
];

interface StatCardsProps {
  stats: StatsDto | undefined;
  loading: boolean;
  /** The clicks of the chosen range and filters, and of the period just before it. */
  range: { label: string; clicks: number | undefined; before: number | undefined };
}

/**
 * The four stat cards (their meaning has no range: all-time totals, today, this week; under filters, of the matching
 * clicks), each with its change against the period before where it has one, and beside them the range's clicks.
 */
export function StatCards({ stats, loading, range }: StatCardsProps) {
  return (
    <SimpleGrid columns={{ base: 2, lg: 5 }} gap="4">
      {CARDS.map((c) => (
        <CountCard
          key={c.key}
          label={c.label}
          value={loading ? undefined : (stats?.[c.key] ?? 0)}
          change={c.before && <ChangeText now={stats?.[c.key]} before={stats?.previous?.[c.before]} vs={c.vs!} />}
        />
      ))}
      <CountCard label={range.label} value={range.clicks} change={<ChangeText now={range.clicks} before={range.before} vs="vs period before" />} />
    </SimpleGrid>
  );
}
