import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ImportPreviewDto } from '@app/contracts';
import { countOf } from '../../../lib/numbers';
import { SkippedAndNotes } from './SkippedAndNotes';

/** The dry run's answer, before anything is created: what the file was read as, what would be created and skipped. */
export function ImportPreview({
  preview,
  starting,
  onStart,
  onCancel,
}: {
  preview: ImportPreviewDto;
  starting: boolean;
  onStart: () => void;
  onCancel: () => void;
}) {
  return (
    <Stack gap="4" data-testid="import-preview" aria-labelledby="import-preview-title">
      <Heading as="h3" size="sm" id="import-preview-title">
        Preview: nothing is imported yet
      </Heading>
      <Text data-testid="import-preview-shape">{`Read as a ${preview.shape}.`}</Text>
      <Text fontWeight="semibold" data-testid="import-preview-summary">
        {`${countOf(preview.wouldCreate, 'link')} will be created, ${countOf(preview.skipped.length, 'row')} skipped (of ${countOf(preview.total, 'row')})`}
      </Text>
      <SkippedAndNotes
        skipped={preview.skipped}
        notes={preview.notes}
        skippedLabel="Rows that will be skipped"
        testIds={{ skipped: 'preview-skipped-row', note: 'preview-note' }}
      />
      <Flex gap="3" wrap="wrap">
        <Button colorPalette="blue" onClick={onStart} loading={starting} loadingText="Starting..." disabled={preview.wouldCreate === 0}>
          {`Import ${countOf(preview.wouldCreate, 'link')}`}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={starting}>
          Cancel
        </Button>
      </Flex>
    </Stack>
  );
}
