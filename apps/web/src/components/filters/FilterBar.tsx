import type { ClickFilterName, ClickFilters } from '@app/contracts';
import { Button, HStack, Tag, Text } from '@chakra-ui/react';
import { FILTER_LABELS } from '../../lib/analytics-filters';

interface FilterBarProps {
  filters: ClickFilters;
  onRemove: (name: ClickFilterName) => void;
  onClear: () => void;
  /** How a value reads (a link's name for its id); the value itself by default. */
  labelOf?: (name: ClickFilterName, value: string) => string;
}

/**
 * The filters of a page as removable chips (the one filter bar of Dashboard, Analytics and Link Analytics). Values
 * are added by clicking them in a card; with none, a hint says so.
 */
export function FilterBar({ filters, onRemove, onClear, labelOf = (_n, v) => v }: FilterBarProps) {
  const entries = Object.entries(filters).filter(([, v]) => v !== undefined) as [ClickFilterName, string][];
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label="Filters" minH="8">
      <Text fontSize="sm" color="fg.muted">
        {entries.length ? 'Filtered by' : 'Click a country, city, device, browser, OS, referrer, language or UTM value to filter.'}
      </Text>
      {entries.map(([name, value]) => (
        <Tag.Root key={name} size="lg" colorPalette="blue" variant="subtle" data-testid={`filter-chip-${name}`}>
          <Tag.Label>{`${FILTER_LABELS[name]}: ${labelOf(name, value)}`}</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label={`Remove filter ${FILTER_LABELS[name]}`} onClick={() => onRemove(name)} />
          </Tag.EndElement>
        </Tag.Root>
      ))}
      {entries.length > 1 && (
        <Button size="xs" variant="ghost" onClick={onClear}>
          Clear all
        </Button>
      )}
    </HStack>
  );
}
