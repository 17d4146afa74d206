import { Box, chakra, Grid, type GridProps, Text } from '@chakra-ui/react';
import { formatDate, monthGrid } from '../../lib/dates';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DayButton = chakra('button');

/** How one day shows: `chosen` is filled, `inSpan` tinted; `pressed` is what assistive tech hears. */
export interface DayLook {
  selectable: boolean;
  pressed: boolean;
  chosen: boolean;
  inSpan: boolean;
  bold?: boolean;
}

interface DayGridProps extends Omit<GridProps, 'children'> {
  month: Date;
  look: (day: Date) => DayLook;
  onPick: (day: Date) => void;
}

/** The weekday header and the day buttons of one month (Monday first); the calendars decide how each day looks. */
export function DayGrid({ month, look, onPick, ...grid }: DayGridProps) {
  return (
    <Grid templateColumns="repeat(7, 1fr)" gap="1" {...grid}>
      {WEEKDAYS.map((d) => (
        <Text key={d} fontSize="xs" color="fg.muted" textAlign="center" aria-hidden="true">
          {d}
        </Text>
      ))}
      {monthGrid(month)
        .flat()
        .map((day, i) => {
          if (!day) return <Box key={`blank-${i}`} />;
          const { selectable, pressed, chosen, inSpan, bold } = look(day);
          return (
            <DayButton
              key={day.getDate()}
              type="button"
              h="8"
              fontSize="sm"
              borderRadius="md"
              disabled={!selectable}
              aria-label={formatDate(day)}
              aria-pressed={pressed}
              bg={chosen ? 'blue.solid' : inSpan ? 'blue.muted' : 'transparent'}
              color={chosen ? 'blue.contrast' : selectable ? 'fg' : 'fg.subtle'}
              fontWeight={bold === undefined ? undefined : bold ? 'bold' : 'normal'}
              cursor={selectable ? 'pointer' : 'not-allowed'}
              _hover={selectable && !chosen ? { bg: 'bg.emphasized' } : undefined}
              onClick={() => onPick(day)}
            >
              {day.getDate()}
            </DayButton>
          );
        })}
    </Grid>
  );
}
