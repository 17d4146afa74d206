import { Box, Text } from '@chakra-ui/react';
import { DayGrid } from '../../../components/ui/DayGrid';
import { monthTitle, sameDay } from '../lib/dates';
import { isInDraft, isSelectable, type RangeDraft } from '../lib/range-selection';

interface MonthCalendarProps {
  month: Date;
  draft: RangeDraft;
  now: Date;
  onPick: (day: Date) => void;
}

/** One month of the range picker: days before today can be clicked; the draft range is highlighted. */
export function MonthCalendar({ month, draft, now, onPick }: MonthCalendarProps) {
  return (
    <Box minW="15rem">
      <Text fontWeight="semibold" textAlign="center" mb="2">
        {monthTitle(month)}
      </Text>
      <DayGrid
        role="group"
        aria-label={monthTitle(month)}
        month={month}
        onPick={onPick}
        look={(day) => {
          const inRange = isInDraft(draft, day);
          const edge = Boolean((draft.start && sameDay(draft.start, day)) || (draft.end && sameDay(draft.end, day)));
          return { selectable: isSelectable(day, now), pressed: inRange, chosen: edge, inSpan: inRange, bold: sameDay(day, now) };
        }}
      />
    </Box>
  );
}
