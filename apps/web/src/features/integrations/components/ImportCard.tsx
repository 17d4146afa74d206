import { Box, Button, Card, Field, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { notify } from '../../../lib';
import { useActiveDomains } from '../api/get-domains';
import { useStartImport } from '../api/start-import';
import { useImportProgress } from '../hooks/use-import-progress';
import { FORMAT_LABELS } from '../lib/labels';
import { IMPORT_FORMATS, type ImportFormat } from '@app/contracts';
import { FileDropArea, MAX_IMPORT_BYTES } from './FileDropArea';
import { ImportProgress } from './ImportProgress';

const DEFAULT_DOMAIN = 'default';

/** Import (docs/product.md#imports-and-exports): format, a dropped/chosen file or pasted text, optional domain; live progress and result. */
export function ImportCard() {
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [domain, setDomain] = useState(DEFAULT_DOMAIN);
  // A chosen file is uploaded as it is (multipart); the paste box is sent as text (a 20 MB file never goes into it).
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const domains = useActiveDomains();
  const start = useStartImport();
  const progress = useImportProgress(importId);
  const queryClient = useQueryClient();
  const status = progress.view?.status;

  // New links: the link lists and stats refresh once the import ends.
  useEffect(() => {
    if (status !== 'done') return;
    for (const root of ['links', 'stats']) void queryClient.invalidateQueries({ queryKey: [root] });
  }, [status, queryClient]);

  const chooseFile = (chosen: File) => {
    if (chosen.size > MAX_IMPORT_BYTES) return notify.error('File too large', 'Imports take files up to 20 MB');
    if (chosen.size === 0) return notify.error('Error', `${chosen.name} is empty`);
    setFile(chosen);
    setPasted('');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file && !pasted.trim()) return notify.error('Error', 'Choose a file or paste its content');
    const target = domain !== DEFAULT_DOMAIN ? { domainId: domain } : {};
    start.mutate(file ? { format, file, ...target } : { format, content: pasted, ...target }, { onSuccess: ({ id }) => setImportId(id) });
  };
  const running = start.isPending || status === 'running';

  return (
    <Card.Root as="section" aria-labelledby="import-title">
      <Card.Header>
        <Card.Title id="import-title" as="h2">
          Import Links
        </Card.Title>
        <Card.Description>Bring your links from a CSV file or another shortener's export. Existing short codes are kept.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} aria-label="Import links">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Format</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field name="importFormat" value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
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
                  <NativeSelect.Field name="importDomain" value={domain} onChange={(e) => setDomain(e.target.value)}>
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
            <FileDropArea chosen={file} onFile={chooseFile} onClear={() => setFile(null)} />
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
                }}
              />
            </Field.Root>
            <Box>
              <Button type="submit" colorPalette="blue" loading={running} loadingText="Importing..." w={{ base: 'full', md: 'auto' }}>
                Start Import
              </Button>
            </Box>
          </Stack>
        </form>
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
      </Card.Body>
    </Card.Root>
  );
}
