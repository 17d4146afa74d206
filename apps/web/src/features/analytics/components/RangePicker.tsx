import { Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { PickerPopover } from '../../../components/ui/PickerPopover';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { addMonths } from '../lib/dates';
import type { DateRange } from '../lib/date-range';
import { MAX_RANGE_DAYS } from '@app/contracts';
import { canApply, clickDay, draftToRange, EMPTY_DRAFT, isTooLong, type RangeDraft } from '../lib/range-selection';
import { MonthCalendar } from './MonthCalendar';

interface RangePickerProps {
  value: DateRange;
  onApply: (range: DateRange) => void;
  now?: Date;
}

export const rangeLabel = (r: DateRange) =>
  formatDate(r.start) === formatDate(r.end) ? formatDate(r.start) : `${formatDate(r.start)} - ${formatDate(r.end)}`;

/** docs/product.md#analytics: two-month calendar, Cancel and Apply; Apply only with both dates; one click = one-day range. */
export function RangePicker({ value, onApply, now = new Date() }: RangePickerProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<RangeDraft>(EMPTY_DRAFT);
  const [month, setMonth] = useState(() => addMonths(value.end, -1));

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setDraft(EMPTY_DRAFT);
      setMonth(addMonths(value.end, -1));
    }
  };
  const apply = () => {
    const range = draftToRange(draft);
    if (!range) return;
    onApply(range);
    setOpen(false);
  };
  const lastMonthShown = addMonths(month, 1);
  const atCurrentMonth = lastMonthShown.getFullYear() === now.getFullYear() && lastMonthShown.getMonth() === now.getMonth();

  return (
    <PickerPopover
      open={open}
      onOpenChange={openChange}
      placement="bottom-end"
      label="Choose a date range"
      footer={
        <>
          <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button size="sm" disabled={!canApply(draft)} onClick={apply}>
            Apply
          </Button>
        </>
      }
      trigger={
        <Button variant="outline" size="sm" data-testid="range-trigger">
          {rangeLabel(value)}
        </Button>
      }
    >
      <Stack gap="3">
        <HStack justify="space-between">
          <IconButton aria-label="Previous month" size="xs" variant="ghost" onClick={() => setMonth(addMonths(month, -1))}>
            ‹
          </IconButton>
          <Text fontSize="sm" color="fg.muted">
            {draft.start && draft.end ? rangeLabel({ start: draft.start, end: draft.end }) : 'Select a start and end date'}
          </Text>
          <IconButton aria-label="Next month" size="xs" variant="ghost" disabled={atCurrentMonth} onClick={() => setMonth(addMonths(month, 1))}>
            ›
          </IconButton>
        </HStack>
        <Flex gap="6" direction={{ base: 'column', md: 'row' }} aria-label="Calendar months">
          <MonthCalendar month={month} draft={draft} now={now} onPick={(d) => setDraft(clickDay(draft, d))} />
          <MonthCalendar month={lastMonthShown} draft={draft} now={now} onPick={(d) => setDraft(clickDay(draft, d))} />
        </Flex>
        <Text fontSize="xs" color="fg.muted">{`A range can span up to ${MAX_RANGE_DAYS} days, none in the future.`}</Text>
        {isTooLong(draft) && <Text color="red.fg" fontSize="sm" role="alert">{`A range can span up to ${MAX_RANGE_DAYS} days`}</Text>}
      </Stack>
    </PickerPopover>
  );
}
