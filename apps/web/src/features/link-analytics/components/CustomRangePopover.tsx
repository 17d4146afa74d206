import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { PickerPopover } from '../../../components/ui/PickerPopover';
import { MAX_RANGE_DAYS } from '@app/contracts';
import { useState } from 'react';
import { DayCalendar } from '../../../components/ui/DayCalendar';
import { addDays, formatDate, startOfDay, toYmd } from '../../../lib/dates';
import { canApplyRange, customRangeError, RANGE_HINT, type CustomDates } from '../lib/period';

const earliest = (a: Date, b: Date) => (a < b ? a : b);

/** 'Pick date range' → Start Date and End Date calendars and 'Apply Range' (ranges the server accepts only). */
export function CustomRangePopover({ value, onApply, now = new Date() }: { value: CustomDates; onApply: (v: CustomDates) => void; now?: Date }) {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<Date | null>(value.start ? startOfDay(value.start) : null);
  const [end, setEnd] = useState<Date | null>(value.end ? startOfDay(value.end) : null);
  const today = startOfDay(now);
  const ymd = (d: Date | null) => (d ? toYmd(d) : '');
  const error = customRangeError(ymd(start), ymd(end), now);
  const label = value.start && value.end ? `${formatDate(value.start)} - ${formatDate(value.end)}` : 'Pick date range';
  const span = MAX_RANGE_DAYS - 1;
  const openChange = (next: boolean) => {
    if (next) {
      setStart(value.start ? startOfDay(value.start) : null);
      setEnd(value.end ? startOfDay(value.end) : null);
    }
    setOpen(next);
  };
  const apply = () => {
    onApply({ start, end });
    setOpen(false);
  };
  return (
    <PickerPopover
      open={open}
      onOpenChange={openChange}
      placement="bottom-start"
      arrow
      label="Choose a custom date range"
      footer={
        <>
          <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button colorPalette="blue" size="sm" disabled={!canApplyRange(ymd(start), ymd(end), now)} onClick={apply}>
            Apply Range
          </Button>
        </>
      }
      trigger={
        <Button variant="outline" size="sm" aria-label={value.start && value.end ? `Pick date range (${label})` : 'Pick date range'}>
          {label}
        </Button>
      }
    >
      <Stack gap="3">
        <Flex gap="6" direction={{ base: 'column', md: 'row' }}>
          <DayCalendar
            label="Start Date"
            selected={start}
            min={end ? addDays(end, -span) : null}
            max={end ?? today}
            span={{ start, end }}
            onPick={setStart}
          />
          <DayCalendar
            label="End Date"
            selected={end}
            min={start}
            max={start ? earliest(addDays(start, span), today) : today}
            span={{ start, end }}
            onPick={setEnd}
          />
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {RANGE_HINT}
        </Text>
        {error && (
          <Text color="red.fg" fontSize="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </PickerPopover>
  );
}
