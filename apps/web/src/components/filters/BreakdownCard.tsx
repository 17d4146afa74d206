import type { BreakdownDimension, ClickFilterName, ClickFilters } from '@app/contracts';
import { useBreakdown } from '../../api/get-breakdown';
import { SkeletonRows } from '../ui/ListBody';
import { RankedCard } from '../ui/RankedCard';

interface BreakdownCardProps {
  title: string;
  dimension: BreakdownDimension;
  startDate: string;
  endDate: string;
  filters: ClickFilters;
  /** Clicking a value filters by it (unknown values cannot be filtered by). */
  onSelect: (name: ClickFilterName, value: string) => void;
}

const FILTER_OF: Partial<Record<BreakdownDimension, ClickFilterName>> = { link: 'linkId' };

/** The clicks of the range by one dimension (top 10 of the api's 50), each value a filter. */
export function BreakdownCard({ title, dimension, startDate, endDate, filters, onSelect }: BreakdownCardProps) {
  const { data, isPending, isError } = useBreakdown(dimension, startDate, endDate, filters);
  const items = (data?.items ?? []).slice(0, 10);
  const filter = FILTER_OF[dimension] ?? (dimension as ClickFilterName);
  return (
    <RankedCard
      title={title}
      loading={isPending && !isError}
      placeholder={<SkeletonRows count={4} h="6" />}
      empty="No clicks in this range"
      list={{ color: 'blue.solid', 'aria-label': title }}
      items={items.map((i) => ({
        key: i.value || '(unknown)',
        label: i.label,
        value: i.clicks,
        ...(i.value && filters[filter] === undefined
          ? { onSelect: () => onSelect(filter, i.value), selectLabel: `Filter by ${title}: ${i.label}` }
          : {}),
      }))}
    />
  );
}
