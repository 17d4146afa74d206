import type { ClickFilters } from '@app/contracts';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useExportClicks, type ClicksFormat } from '../api/export-clicks';

interface ExportClicksMenuProps {
  linkId: string;
  /** The period's local days; 'all' for every click; null while a custom range lacks a date. */
  range: { startDate: string; endDate: string } | 'all' | null;
  filters: ClickFilters;
}

/** Beside the account's Export Data menu: this link's raw clicks of the period, under the filters, as CSV or JSON. */
export function ExportClicksMenu({ linkId, range, filters }: ExportClicksMenuProps) {
  const exporter = useExportClicks(linkId);
  const ready = range !== null;
  const dates = range === 'all' || range === null ? {} : range;
  return (
    <Menu.Root onSelect={(e) => ready && exporter.mutate({ format: e.value as ClicksFormat, ...dates, filters })}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={!ready || exporter.isPending}>
          {exporter.isPending ? 'Exporting clicks...' : 'Export Clicks'}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="csv">Clicks as CSV</Menu.Item>
            <Menu.Item value="json">Clicks as JSON</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
