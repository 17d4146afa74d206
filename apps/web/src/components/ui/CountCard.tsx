import { Card, Skeleton, Text } from '@chakra-ui/react';
import { formatCount } from '../../lib/numbers';

/** A small card with a label over a big count (a skeleton while it is undefined) and an optional note under it. */
export function CountCard({ label, value, note }: { label: string; value: number | undefined; note?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton h="8" w="12" mt="1" />
        ) : (
          <Text fontSize="2xl" fontWeight="bold">
            {formatCount(value)}
          </Text>
        )}
        {note && (
          <Text fontSize="xs" color="fg.muted">
            {note}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
