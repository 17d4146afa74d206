import { Flex, Text } from '@chakra-ui/react';
import type { Trend } from '../lib/daily-summary';
import { formatCount } from '../../../lib/numbers';

const LOOK: Record<Trend, { glyph: string; color: string; label: string }> = {
  up: { glyph: '▲', color: 'green.fg', label: 'Up' },
  down: { glyph: '▼', color: 'red.fg', label: 'Down' },
  flat: { glyph: '–', color: 'fg.muted', label: 'No change' },
};

/** Up green, down red, flat grey, with the difference from the previous day (one image to screen readers; AA contrast). */
export function TrendArrow({ trend, difference }: { trend: Trend; difference: number }) {
  const look = LOOK[trend];
  const diff = difference > 0 ? `+${formatCount(difference)}` : formatCount(difference);
  return (
    <Flex
      align="center"
      gap="1"
      color={look.color}
      data-trend={trend}
      role="img"
      aria-label={`${look.label} ${diff} from previous day`}
      minW="3.5rem"
    >
      <Text as="span" aria-hidden="true" fontSize="xs">
        {look.glyph}
      </Text>
      <Text as="span" fontSize="sm" aria-hidden="true">
        {diff}
      </Text>
    </Flex>
  );
}
