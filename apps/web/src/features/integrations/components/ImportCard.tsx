import { Box, Button, Field, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { notify } from '../../../lib';
import { LINK_CHANGES } from '../../../lib/query-keys';
import { refreshQueries } from '../../../lib/use-api-mutation';
import { useActiveDomains } from '../../../api/get-domains';
import { usePreviewImport, useStartImport, type StartImportInput } from '../api/start-import';
import { useImportProgress } from '../hooks/use-import-progress';
import { FORMAT_LABELS } from '../lib/labels';
import { IMPORT_FORMATS, type ImportFormat, type ImportPreviewDto } from '@app/contracts';
import { FileDropArea, MAX_IMPORT_BYTES } from './FileDropArea';
import { ImportPreview } from './ImportPreview';
import { ImportProgress } from './ImportProgress';
import { SectionCard } from './SectionCard';

const DEFAULT_DOMAIN = 'default';

/**
 * Import (docs/product.md#imports-and-exports): format, a dropped/chosen file or pasted text, optional domain; first a
 * preview (a dry run: what would be created, skipped and noted), then the import with live progress and result.
 */
export function ImportCard() {
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [domain, setDomain] = useState(DEFAULT_DOMAIN);
  // A chosen file is uploaded as it is (multipart); the paste box is sent as text (a 20 MB file never goes into it).
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  // The previewed input: the import sends exactly it; any change to the form drops the preview.
  const [preview, setPreview] = useState<{ input: StartImportInput; result: ImportPreviewDto } | null>(null);
  const domains = useActiveDomains();
  const start = useStartImport();
  const dryRun = usePreviewImport();
  const progress = useImportProgress(importId);
  const queryClient = useQueryClient();
  const status = progress.view?.status;

  // New links: the link lists and stats refresh once the import ends.
  useEffect(() => {
    if (status !== 'done') return;
    void refreshQueries(queryClient, LINK_CHANGES);
  }, [status, queryClient]);

  const chooseFile = (chosen: File) => {
    if (chosen.size > MAX_IMPORT_BYTES) return notify.error('File too large', 'Imports take files up to 20 MB');
    if (chosen.size === 0) return notify.error('Error', `${chosen.name} is empty`);
    setFile(chosen);
    setPasted('');
    setPreview(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file && !pasted.trim()) return notify.error('Error', 'Choose a file or paste its content');
    const target = domain !== DEFAULT_DOMAIN ? { domainId: domain } : {};
    const input: StartImportInput = file ? { format, file, ...target } : { format, content: pasted, ...target };
    setImportId(null);
    dryRun.mutate(input, { onSuccess: (result) => setPreview({ input, result }) });
  };
  const commit = () => {
    if (!preview) return;
    start.mutate(preview.input, {
      onSuccess: ({ id }) => {
        setImportId(id);
        setPreview(null);
      },
    });
  };
  const running = start.isPending || status === 'running';

  return (
    <SectionCard
      id="import"
      title="Import Links"
      description="Bring your links from a CSV file or another shortener's export. Existing short codes are kept."
    >
      <form onSubmit={submit} aria-label="Import links">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root>
              <Field.Label>Format</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="importFormat"
                  value={format}
                  onChange={(e) => {
                    setFormat(e.target.value as ImportFormat);
                    setPreview(null);
                  }}
                >
                  {IMPORT_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {FORMAT_LABELS[f]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>Domain (optional)</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="importDomain"
                  value={domain}
                  onChange={(e) => {
                    setDomain(e.target.value);
                    setPreview(null);
                  }}
                >
                  <option value={DEFAULT_DOMAIN}>Default domain</option>
                  {(domains.data ?? []).map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.domain}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
          <FileDropArea
            chosen={file}
            onFile={chooseFile}
            onClear={() => {
              setFile(null);
              setPreview(null);
            }}
          />
          <Field.Root>
            <Field.Label>Or paste the file's content</Field.Label>
            <Textarea
              name="importContent"
              rows={5}
              fontFamily="mono"
              fontSize="sm"
              placeholder={'url,code,name,tags\nhttps://example.com,promo,Promo page,spring;sale'}
              value={pasted}
              onChange={(e) => {
                setPasted(e.target.value);
                setFile(null);
                setPreview(null);
              }}
            />
          </Field.Root>
          <Box>
            <Button
              type="submit"
              colorPalette="blue"
              variant={preview ? 'outline' : 'solid'}
              loading={dryRun.isPending}
              loadingText="Reading..."
              disabled={running}
              w={{ base: 'full', md: 'auto' }}
            >
              Preview Import
            </Button>
          </Box>
        </Stack>
      </form>
      {preview && (
        <Box mt="6">
          <ImportPreview preview={preview.result} starting={start.isPending} onStart={commit} onCancel={() => setPreview(null)} />
        </Box>
      )}
      {progress.view && (
        <Box mt="6">
          <ImportProgress view={progress.view} />
        </Box>
      )}
      {!progress.view && progress.error && (
        <Text mt="4" color="fg.error">
          {progress.error.message}
        </Text>
      )}
    </SectionCard>
  );
}
