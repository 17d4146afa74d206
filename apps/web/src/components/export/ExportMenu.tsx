import type { ClickFilters } from '@app/contracts';
import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useExportPerformance, type ExportFormat } from '../../api/export-performance';

const OPTIONS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'CSV Export', hint: 'Spreadsheet' },
  { format: 'json', label: 'JSON Export', hint: 'Structured data' },
  { format: 'html', label: 'HTML Report', hint: 'Report for viewing and sharing' },
];

/** Export Data (Analytics, Link Analytics): performance data of the range (YYYY-MM-DD) under the filters, as a file. */
export function ExportMenu({ startDate, endDate, filters = {} }: { startDate?: string; endDate?: string; filters?: ClickFilters }) {
  const exporter = useExportPerformance();
  const busy = exporter.isPending ? exporter.variables?.format.toUpperCase() : undefined;
  return (
    <Menu.Root onSelect={(e) => exporter.mutate({ format: e.value as ExportFormat, startDate, endDate, filters })}>
      <Menu.Trigger asChild>
        <Button size="sm" disabled={exporter.isPending}>
          {busy ? `Exporting ${busy}...` : 'Export Data'}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {OPTIONS.map((o) => (
              <Menu.Item key={o.format} value={o.format} flexDirection="column" alignItems="flex-start" gap="0">
                <Text>{o.label}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {o.hint}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
