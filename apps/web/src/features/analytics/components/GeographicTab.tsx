import type { ClickFilterName, ClickFilters, GeographicDto } from '@app/contracts';
import { SimpleGrid, Text } from '@chakra-ui/react';
import { SkeletonRows } from '../../../components/ui/ListBody';
import { RankedCard } from '../../../components/ui/RankedCard';

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
        value: r.clicks,
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
  /** Cities and regions alike: the place, then its country. */
  const places = <K extends 'city' | 'region'>(list: (Record<K, string> & { country: string; clicks: number })[], name: K): Row[] =>
    list.map((p) => ({ key: `${p[name]}|${p.country}`, label: p[name] || 'Unknown', sub: p.country, clicks: p.clicks, filter: can(name, p[name]) }));
  const cities = places(geo?.cities ?? [], 'city');
  const regions = places(geo?.regions ?? [], 'region');
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
      <Breakdown title="Top Countries" rows={countries} loading={loading} empty="No geographic data available" onSelect={onSelect} />
      <Breakdown title="Top Cities" rows={cities} loading={loading} empty="No city data available yet" onSelect={onSelect} />
      <Breakdown title="Top Regions" rows={regions} loading={loading} empty="No region data available yet" onSelect={onSelect} />
    </SimpleGrid>
  );
}
