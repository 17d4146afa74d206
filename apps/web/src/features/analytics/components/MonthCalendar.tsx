import { Box, chakra, Grid, Text } from '@chakra-ui/react';
import { formatDate } from '../../../lib/dates';
import { monthGrid, monthTitle, sameDay } from '../lib/dates';
import { isInDraft, isSelectable, type RangeDraft } from '../lib/range-selection';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

const DayButton = chakra('button');

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
      <Text fontWeight="semibold" textAlign="center" mb="2">{monthTitle(month)}</Text>
      <Grid templateColumns="repeat(7, 1fr)" gap="1" role="group" aria-label={monthTitle(month)}>
        {WEEKDAYS.map((d) => (
          <Text key={d} fontSize="xs" color="fg.muted" textAlign="center" aria-hidden="true">{d}</Text>
        ))}
        {monthGrid(month).flat().map((day, i) => {
          if (!day) return <Box key={`blank-${i}`} />;
          const selectable = isSelectable(day, now);
          const inRange = isInDraft(draft, day);
          const edge = (draft.start && sameDay(draft.start, day)) || (draft.end && sameDay(draft.end, day));
          return (
            <DayButton
              key={day.getDate()}
              type="button"
              h="8"
              fontSize="sm"
              borderRadius="md"
              disabled={!selectable}
              aria-label={formatDate(day)}
              aria-pressed={inRange}
              bg={edge ? 'blue.solid' : inRange ? 'blue.muted' : 'transparent'}
              color={edge ? 'blue.contrast' : selectable ? 'fg' : 'fg.subtle'}
              fontWeight={sameDay(day, now) ? 'bold' : 'normal'}
              cursor={selectable ? 'pointer' : 'not-allowed'}
              _hover={selectable && !edge ? { bg: 'bg.emphasized' } : undefined}
              onClick={() => onPick(day)}
            >
              {day.getDate()}
            </DayButton>
          );
        })}
      </Grid>
    </Box>
  );
}
