import type { LinkDto, TrendPointDto } from '@app/contracts';
import { Badge, Box, Card, Flex, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '../../../components/ui/chart-colors';
import { formatShortDate } from '../../../lib';
import { COUNT_AXIS, clicksTooltip, countOf } from '../../../lib/numbers';
import { dailyTotals } from '../lib/chart-data';

interface OverviewTabProps {
  trends: TrendPointDto[] | undefined;
  trendsLoading: boolean;
  /** The links with their clicks in the chosen range and filters: Top Performing Links follows the range. */
  top?: (LinkDto & { clicksInRange: number })[];
  topLoading?: boolean;
  links: LinkDto[] | undefined;
  linksLoading: boolean;
}

function LinkRow({ link, value }: { link: LinkDto; value: string }) {
  return (
    <Flex as="li" justify="space-between" align="center" gap="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Box minW="0">
        <Text fontWeight="medium" truncate>
          {link.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {link.shortUrl}
        </Text>
      </Box>
      <Badge colorPalette="blue" flexShrink={0}>
        {value}
      </Badge>
    </Flex>
  );
}

function LinkList({ links, loading, empty, value }: { links: LinkDto[]; loading: boolean; empty: string; value: (l: LinkDto) => string }) {
  if (loading)
    return (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="10" />
        ))}
      </Stack>
    );
  if (links.length === 0)
    return (
      <Text color="fg.muted" py="4" textAlign="center">
        {empty}
      </Text>
    );
  return (
    <Box as="ul" m="0" p="0" listStyleType="none">
      {links.map((l) => (
        <LinkRow key={l.id} link={l} value={value(l)} />
      ))}
    </Box>
  );
}

const clicks = (n: number) => countOf(n, 'click');

/** Overview: clicks-per-day chart, Top Performing Links (of the range), Recent Activity (first 5 links). */
export function OverviewTab({ trends, trendsLoading, top: inRange, topLoading = false, links, linksLoading }: OverviewTabProps) {
  const data = dailyTotals(trends ?? []);
  const top = [...(inRange ?? [])]
    .filter((l) => l.clicksInRange > 0)
    .sort((a, b) => b.clicksInRange - a.clicksInRange)
    .slice(0, 5);
  const recent = (links ?? []).slice(0, 5);
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Header>
          <Card.Title>Clicks Per Day</Card.Title>
        </Card.Header>
        <Card.Body>
          {trendsLoading ? (
            <Skeleton h="64" />
          ) : data.every((d) => d.clicks === 0) ? (
            <Text color="fg.muted" textAlign="center" py="10">
              No click data available yet
            </Text>
          ) : (
            <Box h="64" role="img" aria-label="Clicks per day">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="date" tickFormatter={formatShortDate} fontSize={12} minTickGap={16} />
                  <YAxis {...COUNT_AXIS} fontSize={12} />
                  <Tooltip labelFormatter={(d) => formatShortDate(String(d))} formatter={(v) => [clicksTooltip(v), 'Clicks']} />
                  <Area type="linear" dataKey="clicks" stroke={chartColor('blue')} fill={chartColor('blue')} fillOpacity={0.25} />
                </AreaChart>
              </ResponsiveContainer>
            </Box>
          )}
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Card.Title>Top Performing Links</Card.Title>
          </Card.Header>
          <Card.Body>
            <LinkList
              links={top}
              loading={topLoading}
              empty="No clicks in this range"
              value={(l) => clicks((l as LinkDto & { clicksInRange: number }).clicksInRange)}
            />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title>Recent Activity</Card.Title>
          </Card.Header>
          <Card.Body>
            <LinkList links={recent} loading={linksLoading} empty="No links created yet" value={(l) => clicks(l.clickCount)} />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
