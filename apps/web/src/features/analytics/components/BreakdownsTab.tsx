import type { BreakdownDimension, ClickFilterName, ClickFilters } from '@app/contracts';
import { SimpleGrid } from '@chakra-ui/react';
import { BreakdownCard } from '../../../components/filters/BreakdownCard';

export const BREAKDOWN_CARDS: { title: string; dimension: BreakdownDimension }[] = [
  { title: 'Countries', dimension: 'country' },
  { title: 'Devices', dimension: 'device' },
  { title: 'Browsers', dimension: 'browser' },
  { title: 'Operating Systems', dimension: 'os' },
  { title: 'Referrers', dimension: 'referrer' },
  { title: 'Languages', dimension: 'language' },
  { title: 'UTM Source', dimension: 'utmSource' },
  { title: 'UTM Medium', dimension: 'utmMedium' },
  { title: 'UTM Campaign', dimension: 'utmCampaign' },
];

interface BreakdownsTabProps {
  startDate: string;
  endDate: string;
  filters: ClickFilters;
  onSelect: (name: ClickFilterName, value: string) => void;
  /** Cards to leave out (e.g. a link's page has one link, so no per-link UTM split worth showing). */
  dimensions?: BreakdownDimension[];
}

/** One card per dimension; clicking a value adds it to the filters. */
export function BreakdownsTab({ startDate, endDate, filters, onSelect, dimensions }: BreakdownsTabProps) {
  const cards = dimensions ? BREAKDOWN_CARDS.filter((c) => dimensions.includes(c.dimension)) : BREAKDOWN_CARDS;
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {cards.map((c) => (
        <BreakdownCard key={c.dimension} {...c} startDate={startDate} endDate={endDate} filters={filters} onSelect={onSelect} />
      ))}
    </SimpleGrid>
  );
}
