import { Alert, Box, Progress, Stack, Text } from '@chakra-ui/react';
import type { ImportResultDto } from '@app/contracts';
import { percentOf } from '../lib/import-progress';
import { SkippedAndNotes } from './SkippedAndNotes';

/** The running import's bar, then its result: links created, each skipped row with its reason, and the notes. */
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
          <Stack gap="3" mt="3">
            <SkippedAndNotes
              skipped={view.skipped}
              notes={view.notes}
              skippedLabel="Skipped rows"
              testIds={{ skipped: 'skipped-row', note: 'import-note' }}
            />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
