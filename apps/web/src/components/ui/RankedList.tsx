import { Box, Flex, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/numbers';

export interface RankedItem {
  key: string;
  label: ReactNode;
  /** What the item is ranked by: its bar is as long as its share of the largest. */
  value: number;
  /** The figure at the end of the line; the value in bold when absent. */
  figure?: ReactNode;
  /** Makes the label a button (e.g. to filter by the item), named by `selectLabel`. */
  onSelect?: () => void;
  selectLabel?: string;
}

export interface RankedListProps extends Omit<StackProps, 'children'> {
  items: RankedItem[];
  /** A Chakra colour token for the bars, e.g. 'blue.solid'. */
  color: string;
}

/** A ranked list: each item's label and figure on a line, and a bar under them as long as its share of the top item. */
export function RankedList({ items, color, ...list }: RankedListProps) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Stack as="ul" gap="3" m="0" p="0" listStyleType="none" {...list}>
      {items.map((item) => (
        <Box as="li" key={item.key}>
          <Flex justify="space-between" gap="2" fontSize="sm">
            {item.onSelect ? (
              <Text
                as="button"
                truncate
                textAlign="start"
                cursor="pointer"
                _hover={{ textDecoration: 'underline' }}
                aria-label={item.selectLabel}
                onClick={item.onSelect}
              >
                {item.label}
              </Text>
            ) : (
              <Text truncate>{item.label}</Text>
            )}
            {item.figure ?? (
              <Text fontWeight="semibold" flexShrink={0}>
                {formatCount(item.value)}
              </Text>
            )}
          </Flex>
          <Box h="1.5" bg="bg.muted" borderRadius="full" mt="1">
            <Box h="full" bg={color} borderRadius="full" width={`${(item.value / max) * 100}%`} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
