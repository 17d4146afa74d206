import { Card, DataList } from '@chakra-ui/react';

/** The monitoring configuration (docs/product.md#system-monitoring). */
export function ConfigurationCard({ users }: { users: number | undefined }) {
  const items: [string, string][] = [
    ['Health check', 'Every 1 hour'],
    ['Auto recovery', 'Enabled'],
    ['Connection timeout', '10 seconds'],
    ['Max connections', '10'],
    ['Users in database', users === undefined ? '—' : String(users)],
  ];
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Configuration</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm">
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
