import { Button, Card, HStack } from '@chakra-ui/react';
import { useExportLinks } from '../api/export-links';

/** Export (docs/product.md#imports-and-exports): every link with all its fields, as CSV or JSON. */
export function ExportCard() {
  const exporter = useExportLinks();
  const busy = exporter.isPending ? exporter.variables : null;
  return (
    <Card.Root as="section" aria-labelledby="export-title">
      <Card.Header>
        <Card.Title id="export-title" as="h2">
          Export Links
        </Card.Title>
        <Card.Description>Download every link you own with all its fields.</Card.Description>
      </Card.Header>
      <Card.Body>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" disabled={busy !== null} loading={busy === 'csv'} onClick={() => exporter.mutate('csv')}>
            Export CSV
          </Button>
          <Button variant="outline" disabled={busy !== null} loading={busy === 'json'} onClick={() => exporter.mutate('json')}>
            Export JSON
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
