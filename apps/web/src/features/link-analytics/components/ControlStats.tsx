import type { LinkAnalyticsDto } from '@app/contracts';
import { SimpleGrid } from '@chakra-ui/react';
import { StatCard } from '../../../components/ui/StatCard';

/** QR scans and bot clicks of the period (bots are stored but left out of every other figure). */
export function ControlStats({ data }: { data: LinkAnalyticsDto | undefined }) {
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
      <StatCard label="QR Scans" value={data?.qrScans ?? 0} help="Visits through the QR code" />
      <StatCard label="Bot Clicks" value={data?.botClicks ?? 0} help="Not counted in any figure" />
    </SimpleGrid>
  );
}
