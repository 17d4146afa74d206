import { Box, Button, Card, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import type { LinkDto } from '@app/contracts';
import { notify } from '../../../components/ui/toaster';
import { serverMessage } from '../../../lib/api-client';
import { useCreateLink } from '../api/create-link';
import { useActiveDomains } from '../api/get-domains';
import { buildCreateRequest, DEFAULT_DOMAIN, EMPTY_FORM, type ShortenForm as FormState } from '../lib/build-request';

/** Shorten URL form (SPEC §2/§5). */
export function ShortenForm({ onCreated }: { onCreated: (link: LinkDto) => void }) {
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const domains = useActiveDomains();
  const create = useCreateLink();
  const set = (key: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.originalUrl.trim()) {
      notify.error('Error', 'Please enter a valid URL');
      return;
    }
    create.mutate(buildCreateRequest(form), {
      onSuccess: (link) => {
        setForm(EMPTY_FORM);
        onCreated(link);
      },
      onError: (err) => notify.error('Error', serverMessage(err) || 'Failed to create short link'),
    });
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} aria-label="Shorten URL">
          <Stack gap="4">
            <Field.Root>
              <Field.Label>Long URL</Field.Label>
              <Input type="url" name="originalUrl" aria-required="true" placeholder="https://example.com/a/very/long/address" value={form.originalUrl} onChange={set('originalUrl')} />
            </Field.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Link Name (optional)</Field.Label>
                <Input name="name" placeholder="Untitled Link" value={form.name} onChange={set('name')} />
              </Field.Root>
              <Field.Root>
                <Field.Label>Domain</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field name="domain" value={form.domain} onChange={set('domain')}>
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
            <Field.Root>
              <Field.Label>Custom Short Code (optional)</Field.Label>
              <Input name="shortCode" placeholder="Leave empty to generate one" value={form.shortCode} onChange={set('shortCode')} />
              <Field.HelperText>Letters, digits, - and _. Empty makes a random 8-character code.</Field.HelperText>
            </Field.Root>
            <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
              <Fieldset.Legend>Social Preview (optional)</Fieldset.Legend>
              <Fieldset.Content>
                <Field.Root>
                  <Field.Label>Preview Title</Field.Label>
                  <Input name="ogTitle" value={form.ogTitle} onChange={set('ogTitle')} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Preview Description</Field.Label>
                  <Textarea name="ogDescription" rows={2} value={form.ogDescription} onChange={set('ogDescription')} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Preview Image URL</Field.Label>
                  <Input type="url" name="ogImage" placeholder="https://example.com/image.png" value={form.ogImage} onChange={set('ogImage')} />
                </Field.Root>
              </Fieldset.Content>
            </Fieldset.Root>
            <Box>
              <Button type="submit" colorPalette="blue" disabled={create.isPending} w={{ base: 'full', md: 'auto' }}>
                {create.isPending ? 'Creating your link...' : 'Create Short Link'}
              </Button>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
