import type { BulkCreateResponse } from '@app/contracts';
import { Box, Button, Card, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '../../../lib/toasts';
import { serverMessage } from '../../../lib/api-client';
import { useCreateLinksBulk } from '../api/create-links-bulk';
import { pastedUrls, tooMany } from '../lib/pasted-urls';

/** "Paste many URLs": one short link per line, in one request; each refused line is listed with its reason. */
export function BulkShortenCard() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ created: number; errors: { line: number; url: string; message: string }[] } | null>(null);
  const create = useCreateLinksBulk();
  const urls = pastedUrls(text);
  const problem = tooMany(urls.length);
  const submit = () => {
    if (urls.length === 0 || problem) return;
    create.mutate(
      urls.map((u) => u.url),
      {
        onSuccess: (res: BulkCreateResponse) => {
          const errors = res.errors.map((e) => ({ ...urls[e.index], message: e.message }));
          setResult({ created: res.created.length, errors });
          notify.success(`${res.created.length} ${res.created.length === 1 ? 'link' : 'links'} created`);
          setText(errors.map((e) => e.url).join('\n'));
        },
        onError: (err) => notify.error('Failed to create links', serverMessage(err)),
      },
    );
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Paste many URLs</Card.Title>
        <Card.Description>One link per line, up to 1,000 at a time.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Field.Root invalid={problem !== null}>
            <Field.Label>URLs</Field.Label>
            <Textarea
              rows={6}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={'https://example.com/first\nhttps://example.com/second'}
              fontFamily="mono"
              fontSize="sm"
            />
            {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
          </Field.Root>
          <Box>
            <Button onClick={submit} loading={create.isPending} loadingText="Creating links..." disabled={urls.length === 0 || problem !== null}>
              {urls.length > 1 ? `Shorten ${urls.length} URLs` : 'Shorten URLs'}
            </Button>
          </Box>
          {result && (
            <Stack gap="1" aria-live="polite" data-testid="bulk-result">
              <Text fontWeight="semibold">
                {`${result.created} ${result.created === 1 ? 'link' : 'links'} created`}
                {result.errors.length > 0 && `, ${result.errors.length} not created (left in the box to fix)`}
              </Text>
              {result.errors.map((e) => (
                <Text key={e.line} fontSize="sm" color="fg.error">{`Line ${e.line}: ${e.message}`}</Text>
              ))}
              {result.created > 0 && (
                <Text fontSize="sm">
                  <RouterLink to="/links">See them in My Links</RouterLink>
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
