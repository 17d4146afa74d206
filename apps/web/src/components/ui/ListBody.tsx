import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ListBodyProps {
  loading?: boolean;
  /** Shown while loading, e.g. `<SkeletonRows />`. */
  placeholder?: ReactNode;
  /** How many items the list has; none shows `empty`. */
  count: number;
  empty: ReactNode;
  /** Vertical padding around the empty message. */
  emptyPy?: string;
  children: ReactNode;
}

/** The body of a card that lists things: the placeholder while loading, a centred muted message when empty, else the list. */
export function ListBody({ loading = false, placeholder, count, empty, emptyPy = '4', children }: ListBodyProps) {
  if (loading) return <>{placeholder}</>;
  if (count === 0)
    return (
      <Text color="fg.muted" textAlign="center" py={emptyPy}>
        {empty}
      </Text>
    );
  return <>{children}</>;
}

/** `count` grey bars of height `h` standing in for rows that are loading. */
export function SkeletonRows({ count, h, gap = '3', testId }: { count: number; h: string; gap?: string; testId?: string }) {
  return (
    <Stack gap={gap} data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={h} />
      ))}
    </Stack>
  );
}
