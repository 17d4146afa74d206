import { Card, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/numbers';

/**
 * A small card with a label over a big count (a skeleton while it is undefined), then, once loaded, its change against
 * the period before (`ChangeText`), and an optional note.
 */
export function CountCard({ label, value, change, note }: { label: string; value: number | undefined; change?: ReactNode; note?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton h="8" w="12" mt="1" />
        ) : (
          <Text fontSize="2xl" fontWeight="bold" data-testid={`stat-${label}`}>
            {formatCount(value)}
          </Text>
        )}
        {value !== undefined && change}
        {note && (
          <Text fontSize="xs" color="fg.muted">
            {note}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
