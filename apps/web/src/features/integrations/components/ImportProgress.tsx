import { Alert, Box, Progress, Stack, Table, Text } from '@chakra-ui/react';
import type { ImportResultDto } from '@app/contracts';
import { percentOf } from '../lib/import-progress';

/** The running import's bar, then its result: links created and each skipped row with its reason. */
export function ImportProgress({ view }: { view: ImportResultDto }) {
  const percent = percentOf(view);
  const label =
    view.status === 'running'
      ? view.total > 0
        ? `Importing... ${view.processed} of ${view.total} rows`
        : 'Importing...'
      : view.status === 'done'
        ? 'Import finished'
        : 'Import failed';
  return (
    <Stack gap="4" data-testid="import-progress" data-status={view.status}>
      <Progress.Root value={percent} max={100} colorPalette={view.status === 'failed' ? 'red' : view.status === 'done' ? 'green' : 'blue'}>
        <Box display="flex" justifyContent="space-between" mb="1" gap="2">
          <Progress.Label>{label}</Progress.Label>
          <Progress.ValueText>{`${percent}%`}</Progress.ValueText>
        </Box>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {view.status === 'failed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The import failed</Alert.Title>
            {view.error && <Alert.Description>{view.error}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {view.status === 'done' && (
        <Box>
          <Text fontWeight="semibold" data-testid="import-summary">
            {`${view.created} ${view.created === 1 ? 'link' : 'links'} created, ${view.skipped.length} ${view.skipped.length === 1 ? 'row' : 'rows'} skipped`}
          </Text>
          {view.skipped.length > 0 && (
            <Table.ScrollArea borderWidth="1px" borderRadius="md" mt="3" maxH="24rem">
              <Table.Root size="sm" stickyHeader aria-label="Skipped rows">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader w="5rem">Row</Table.ColumnHeader>
                    <Table.ColumnHeader>Reason</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {view.skipped.map((s) => (
                    <Table.Row key={`${s.row}-${s.reason}`} data-testid="skipped-row">
                      <Table.Cell>{s.row}</Table.Cell>
                      <Table.Cell wordBreak="break-word">{s.reason}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Box>
      )}
    </Stack>
  );
}
