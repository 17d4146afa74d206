import { Card, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/numbers';

export function StatCard({ label, value, help }: { label: string; value: ReactNode; help?: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText data-testid={`stat-${label}`}>{typeof value === 'number' ? formatCount(value) : value}</Stat.ValueText>
          {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
