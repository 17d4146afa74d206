import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '../../../lib/toasts';
import { useExportData, type ExportFormat } from '../api/export-data';

const ITEMS: { format: ExportFormat; label: string; note: string }[] = [
  { format: 'csv', label: 'CSV Export', note: 'Spreadsheet format' },
  { format: 'json', label: 'JSON Export', note: 'Structured data' },
  { format: 'html', label: 'HTML Report', note: 'Report for viewing and sharing' },
];

/** Export Data menu; busy: disabled with 'Exporting {FORMAT}...'. */
export function ExportMenu({ startDate, endDate }: { startDate?: string; endDate?: string }) {
  const exporter = useExportData();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = (format: ExportFormat) => {
    setBusy(format);
    exporter.mutate(
      { format, startDate, endDate },
      {
        onSuccess: () => notify.success('Export Successful', `Performance data exported as ${format.toUpperCase()} format`),
        onError: () => notify.error('Export Failed', 'Failed to export performance data. Please try again.'),
        onSettled: () => setBusy(null),
      },
    );
  };
  return (
    <Menu.Root onSelect={(d) => run(d.value as ExportFormat)}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={busy !== null}>
          {busy ? `Exporting ${busy.toUpperCase()}...` : 'Export Data'}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {ITEMS.map((item) => (
              <Menu.Item key={item.format} value={item.format} disabled={busy !== null}>
                <div>
                  <Text fontWeight="medium">{item.label}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {item.note}
                  </Text>
                </div>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
