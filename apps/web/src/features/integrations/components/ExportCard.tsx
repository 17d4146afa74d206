import { Button, Card, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '../../../lib';
import { exportLinks, type LinksExportFormat } from '../api/export-links';

/** Export (docs/product.md#imports-and-exports): every link with all its fields, as CSV or JSON. */
export function ExportCard() {
  const [busy, setBusy] = useState<LinksExportFormat | null>(null);
  const run = async (format: LinksExportFormat) => {
    setBusy(format);
    try {
      await exportLinks(format);
      notify.success('Export Successful', `All links exported as ${format.toUpperCase()}`);
    } catch {
      notify.error('Export Failed', 'Failed to export links. Please try again.');
    } finally {
      setBusy(null);
    }
  };
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
          <Button variant="outline" disabled={busy !== null} loading={busy === 'csv'} onClick={() => void run('csv')}>
            Export CSV
          </Button>
          <Button variant="outline" disabled={busy !== null} loading={busy === 'json'} onClick={() => void run('json')}>
            Export JSON
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
