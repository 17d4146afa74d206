import type { ClickFilters } from '@app/contracts';
import { Badge, Box, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDate, toYmd } from '../../../lib/dates';
import { timezoneName } from '../../../lib/timezone';
import { useDailySummary } from '../api/get-daily-summary';
import { dailySummarySubtitle, dailySummaryTitle, summarizeDays } from '../lib/daily-summary';
import { TrendArrow } from './TrendArrow';
import { formatCount } from '../../../lib/numbers';

function Tile({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <Box p="3" borderWidth="1px" borderRadius="md" data-testid={`tile-${label}`}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold">
        {typeof value === 'number' ? formatCount(value) : value}
      </Text>
      {note && (
        <Text fontSize="xs" color="fg.muted">
          {note}
        </Text>
      )}
    </Box>
  );
}

/** 'Daily Clicks Summary': tiles, newest-first list with trends, footer with the time zone. */
export function DailySummaryCard({ startDate, endDate, filters }: { startDate?: string; endDate?: string; filters?: ClickFilters }) {
  const { data, isLoading } = useDailySummary(startDate, endDate, filters);
  const hasRange = Boolean(startDate && endDate);
  const view = summarizeDays(data ?? []);
  const today = toYmd(new Date());
  const title = hasRange ? dailySummaryTitle(formatDate(startDate!), formatDate(endDate!)) : dailySummaryTitle();
  const dayLabel = (d: { formattedDate: string; date: string }) => d.formattedDate || formatDate(d.date);
  return (
    <TitledCard
      title={title}
      level="h2"
      headingSize="md"
      description={dailySummarySubtitle(hasRange)}
      footer={
        <Text fontSize="xs" color="fg.muted">
          Data refreshed every 30 seconds · Timezone: {timezoneName()}
        </Text>
      }
    >
      {isLoading ? (
        <Text color="fg.muted">Loading daily summary...</Text>
      ) : view.total === 0 ? (
        <Text color="fg.muted">No click data available for the last 30 days</Text>
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Tile label="Total Clicks" value={view.total} />
            <Tile label="Daily Average" value={view.average} />
            <Tile label="Highest Day" value={view.highest?.totalClicks ?? 0} note={view.highest ? dayLabel(view.highest) : undefined} />
            <Tile label="Lowest Day" value={view.lowest?.totalClicks ?? 0} note={view.lowest ? dayLabel(view.lowest) : undefined} />
          </SimpleGrid>
          <Box maxH="24rem" overflowY="auto" borderWidth="1px" borderRadius="md" tabIndex={0} aria-label="Clicks per day" role="region">
            <Stack gap="0" as="ul" listStyleType="none">
              {view.rows.map((row, i) => (
                <Flex
                  as="li"
                  key={row.date}
                  justify="space-between"
                  align="center"
                  gap="2"
                  px="3"
                  py="2"
                  borderBottomWidth={i < view.rows.length - 1 ? '1px' : 0}
                  data-testid="daily-row"
                >
                  <Flex align="center" gap="2" minW="0">
                    <Text fontSize="sm" truncate>
                      {dayLabel(row)}
                    </Text>
                    {i === 0 && row.date === today && (
                      <Badge colorPalette="blue" variant="solid" size="sm">
                        Today
                      </Badge>
                    )}
                  </Flex>
                  <Flex align="center" gap="3">
                    <TrendArrow trend={row.trend} difference={row.difference} />
                    <Badge
                      colorPalette={row.aboveAverage ? 'green' : 'gray'}
                      variant={row.aboveAverage ? 'solid' : 'subtle'}
                      data-above-average={row.aboveAverage}
                    >
                      {formatCount(row.totalClicks)}
                    </Badge>
                  </Flex>
                </Flex>
              ))}
            </Stack>
          </Box>
        </Stack>
      )}
    </TitledCard>
  );
}
