import { Button, Field, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDate, parseYmd, toYmd } from '../../../lib/dates';
import { canApplyRange, customRangeError, type CustomDates } from '../lib/period';

/** 'Pick date range' → Start Date and End Date calendars and 'Apply Range'. */
export function CustomRangePopover({ value, onApply, now = new Date() }: { value: CustomDates; onApply: (v: CustomDates) => void; now?: Date }) {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(value.start ? toYmd(value.start) : '');
  const [end, setEnd] = useState(value.end ? toYmd(value.end) : '');
  const max = toYmd(now);
  const error = customRangeError(start, end, now);
  const label = value.start && value.end ? `${formatDate(value.start)} - ${formatDate(value.end)}` : 'Pick date range';
  const openChange = (next: boolean) => {
    if (next) {
      setStart(value.start ? toYmd(value.start) : '');
      setEnd(value.end ? toYmd(value.end) : '');
    }
    setOpen(next);
  };
  const apply = () => {
    onApply({ start: parseYmd(start), end: parseYmd(end) });
    setOpen(false);
  };
  return (
    <Popover.Root open={open} onOpenChange={(e) => openChange(e.open)} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" aria-label="Pick date range">
          {label}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="auto">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>Start Date</Field.Label>
                  <Input type="date" name="startDate" max={end || max} value={start} onChange={(e) => setStart(e.target.value)} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>End Date</Field.Label>
                  <Input type="date" name="endDate" min={start || undefined} max={max} value={end} onChange={(e) => setEnd(e.target.value)} />
                </Field.Root>
                {error && (
                  <Text color="red.fg" fontSize="sm" role="alert">
                    {error}
                  </Text>
                )}
                <Button colorPalette="blue" size="sm" disabled={!canApplyRange(start, end, now)} onClick={apply}>
                  Apply Range
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
