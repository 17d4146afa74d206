import type { ClickFilterName, ClickFilters, GeographicDto } from '@app/contracts';
import { SimpleGrid, Text } from '@chakra-ui/react';
import { SkeletonRows } from '../../../components/ui/ListBody';
import { RankedCard } from '../../../components/ui/RankedCard';
import { formatCount } from '../../../lib/numbers';

interface Row {
  key: string;
  label: string;
  sub?: string;
  clicks: number;
  /** Clicking the row filters by this. */
  filter?: [ClickFilterName, string];
}

interface BreakdownProps {
  title: string;
  rows: Row[];
  loading: boolean;
  empty: string;
  onSelect?: (name: ClickFilterName, value: string) => void;
}

function Breakdown({ title, rows, loading, empty, onSelect }: BreakdownProps) {
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <RankedCard
      title={title}
      loading={loading}
      placeholder={<SkeletonRows count={5} h="6" testId="geo-skeleton" />}
      empty={empty}
      list={{ maxH: '24rem', overflowY: 'auto', tabIndex: 0, 'aria-label': title, color: 'blue.solid' }}
      items={rows.map((r) => ({
        key: r.key,
        label: (
          <>
            {r.label}
            {r.sub && <Text as="span" color="fg.muted">{`, ${r.sub}`}</Text>}
          </>
        ),
        figure: (
          <Text fontWeight="semibold" flexShrink={0}>
            {formatCount(r.clicks)}
          </Text>
        ),
        share: r.clicks / max,
        ...(onSelect && r.filter
          ? { onSelect: () => onSelect(...r.filter!), selectLabel: `Filter by ${r.sub ? `${r.label}, ${r.sub}` : r.label}` }
          : {}),
      }))}
    />
  );
}

/** Geographic: countries, cities and regions of the clicks in range; skeletons while loading. */
interface GeographicTabProps {
  geo: GeographicDto | undefined;
  loading: boolean;
  /** Clicking a country, city or region adds it to the filters (not offered for a filter already set). */
  onSelect?: (name: ClickFilterName, value: string) => void;
  filters?: ClickFilters;
}

export function GeographicTab({ geo, loading, onSelect, filters = {} }: GeographicTabProps) {
  const can = (name: ClickFilterName, value: string): [ClickFilterName, string] | undefined =>
    value && filters[name] === undefined ? [name, value] : undefined;
  const countries: Row[] = (geo?.countries ?? []).map((c) => ({
    key: c.countryCode || c.country,
    label: c.country || 'Unknown',
    clicks: c.clicks,
    filter: can('country', c.countryCode),
  }));
  const cities: Row[] = (geo?.cities ?? []).map((c) => ({
    key: `${c.city}|${c.country}`,
    label: c.city || 'Unknown',
    sub: c.country,
    clicks: c.clicks,
    filter: can('city', c.city),
  }));
  const regions: Row[] = (geo?.regions ?? []).map((r) => ({
    key: `${r.region}|${r.country}`,
    label: r.region || 'Unknown',
    sub: r.country,
    clicks: r.clicks,
    filter: can('region', r.region),
  }));
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
      <Breakdown title="Top Countries" rows={countries} loading={loading} empty="No geographic data available" onSelect={onSelect} />
      <Breakdown title="Top Cities" rows={cities} loading={loading} empty="No city data available yet" onSelect={onSelect} />
      <Breakdown title="Top Regions" rows={regions} loading={loading} empty="No region data available yet" onSelect={onSelect} />
    </SimpleGrid>
  );
}
