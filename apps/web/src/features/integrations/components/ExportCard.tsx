import { Button, HStack } from '@chakra-ui/react';
import { useExportLinks } from '../api/export-links';
import { SectionCard } from './SectionCard';

/** Export (docs/product.md#imports-and-exports): every link with all its fields, as CSV or JSON. */
export function ExportCard() {
  const exporter = useExportLinks();
  const busy = exporter.isPending ? exporter.variables : null;
  return (
    <SectionCard id="export" title="Export Links" description="Download every link you own with all its fields.">
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={busy !== null} loading={busy === 'csv'} onClick={() => exporter.mutate('csv')}>
          Export CSV
        </Button>
        <Button variant="outline" disabled={busy !== null} loading={busy === 'json'} onClick={() => exporter.mutate('json')}>
          Export JSON
        </Button>
      </HStack>
    </SectionCard>
  );
}
