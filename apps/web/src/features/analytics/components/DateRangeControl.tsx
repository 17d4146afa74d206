import { Button, HStack, Wrap } from '@chakra-ui/react';
import { lastDays, QUICK_RANGES, quickRangeOf, type DateRange } from '../lib/date-range';
import { RangePicker } from './RangePicker';

interface DateRangeControlProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  now?: Date;
}

/** Quick select (Last 7, 14, 30, 60, 90 days) plus the calendar range picker. */
export function DateRangeControl({ value, onChange, now = new Date() }: DateRangeControlProps) {
  const quick = quickRangeOf(value, now);
  return (
    <Wrap gap="2" align="center">
      <HStack gap="1" wrap="wrap" role="group" aria-label="Quick select">
        {QUICK_RANGES.map((d) => (
          <Button key={d} size="sm" variant={quick === d ? 'solid' : 'outline'} aria-pressed={quick === d} onClick={() => onChange(lastDays(d, now))}>
            {`Last ${d} days`}
          </Button>
        ))}
      </HStack>
      <RangePicker value={value} onApply={onChange} now={now} />
    </Wrap>
  );
}
