import type { SharedAnalyticsDto } from '@app/contracts';
import { HStack, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CountryFlag } from '../../../components/ui/CountryFlag';
import { RankedCard } from '../../../components/ui/RankedCard';
import { formatCount } from '../../../lib/numbers';

interface Row {
  key: string;
  label: ReactNode;
  clicks: number;
}

function Ranked({ title, rows, empty = 'No clicks in this period' }: { title: string; rows: Row[]; empty?: string }) {
  return (
    <RankedCard
      title={title}
      empty={empty}
      list={{ as: 'ol', color: 'blue.solid' }}
      items={rows.map((r) => ({
        key: r.key,
        label: r.label,
        figure: (
          <Text flexShrink={0} color="fg.muted">
            {formatCount(r.clicks)}
          </Text>
        ),
        value: r.clicks,
      }))}
    />
  );
}

/** Countries, cities, devices, browsers and referrers of the shared clicks, most first. */
export function SharedBreakdowns({ data }: { data: SharedAnalyticsDto }) {
  // Clicks from addresses GeoLite2 does not place count in the total but in no country or city.
  const noPlace = data.totalClicks > 0 ? 'No known locations' : undefined;
  const items = (list: SharedAnalyticsDto['devices']) => list.map((i) => ({ key: i.value || '(unknown)', label: i.label, clicks: i.clicks }));
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      <Ranked
        title="Countries"
        empty={noPlace}
        rows={data.countries.map((c) => ({
          key: c.countryCode,
          label: (
            <HStack as="span" gap="2">
              <CountryFlag code={c.countryCode} />
              <span>{c.country}</span>
            </HStack>
          ),
          clicks: c.clicks,
        }))}
      />
      <Ranked
        title="Cities"
        empty={noPlace}
        rows={data.cities.map((c) => ({ key: `${c.city}|${c.country}`, label: `${c.city}, ${c.country}`, clicks: c.clicks }))}
      />
      <Ranked title="Devices" rows={items(data.devices)} />
      <Ranked title="Browsers" rows={items(data.browsers)} />
      <Ranked title="Referrers" rows={items(data.referrers)} />
    </SimpleGrid>
  );
}
