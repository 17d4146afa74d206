import type { ClickFilters } from '@app/contracts';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useExportClicks, type ClicksFormat } from '../api/export-clicks';

interface ExportClicksMenuProps {
  linkId: string;
  startDate: string | undefined;
  endDate: string | undefined;
  filters: ClickFilters;
}

/** Beside the account's Export Data menu: this link's raw clicks of the period, under the filters, as CSV or JSON. */
export function ExportClicksMenu({ linkId, startDate, endDate, filters }: ExportClicksMenuProps) {
  const exporter = useExportClicks(linkId);
  const ready = startDate !== undefined && endDate !== undefined;
  return (
    <Menu.Root onSelect={(e) => ready && exporter.mutate({ format: e.value as ClicksFormat, startDate, endDate, filters })}>
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
