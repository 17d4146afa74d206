import { Box, HStack, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { addMonths, monthTitle, sameDay } from '../../lib/dates';
import { DayGrid } from './DayGrid';

interface DayCalendarProps {
  /** Names the calendar (a group) and shows above it, e.g. 'Start Date'. */
  label: string;
  selected: Date | null;
  /** Days outside [min, max] cannot be picked. */
  min?: Date | null;
  max: Date;
  /** Highlighted span (the chosen range). */
  span?: { start: Date | null; end: Date | null };
  onPick: (day: Date) => void;
}

const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** One month with previous/next navigation; picks a single day within [min, max]. */
export function DayCalendar({ label, selected, min, max, span, onPick }: DayCalendarProps) {
  const [month, setMonth] = useState(() => new Date((selected ?? max).getFullYear(), (selected ?? max).getMonth(), 1));
  const lo = min ? dayStart(min) : -Infinity;
  const hi = dayStart(max);
  const canNext = dayStart(addMonths(month, 1)) <= hi;
  const canPrev = dayStart(month) > lo;
  const inSpan = (d: Date) => Boolean(span?.start && span.end && dayStart(d) >= dayStart(span.start) && dayStart(d) <= dayStart(span.end));
  return (
    <Box role="group" aria-label={label} minW="15rem">
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        {label}
      </Text>
      <HStack justify="space-between" mb="1">
        <IconButton aria-label="Previous month" size="xs" variant="ghost" disabled={!canPrev} onClick={() => setMonth(addMonths(month, -1))}>
          ‹
        </IconButton>
        <Text fontSize="sm">{monthTitle(month)}</Text>
        <IconButton aria-label="Next month" size="xs" variant="ghost" disabled={!canNext} onClick={() => setMonth(addMonths(month, 1))}>
          ›
        </IconButton>
      </HStack>
      <DayGrid
        month={month}
        onPick={onPick}
        look={(day) => {
          const t = dayStart(day);
          const chosen = selected !== null && sameDay(selected, day);
          return { selectable: t >= lo && t <= hi, pressed: chosen, chosen, inSpan: inSpan(day) };
        }}
      />
    </Box>
  );
}
