import { Box, Button, Card, Field, Fieldset, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import type { LinkDto } from '@app/contracts';
import { AdvancedSection, controlsRequest, EMPTY_CONTROLS, ServerError, useLinkControls } from '../../../components/link-controls';
import { SelectField } from '../../../components/ui/OptionSelect';
import { notify } from '../../../lib/toasts';
import { serverMessage } from '../../../lib/api-client';
import { useCreateLink } from '../api/create-link';
import { useDomains } from '../../../api/get-domains';
import { buildCreateRequest, EMPTY_FORM, type ShortenForm as FormState } from '../lib/build-request';
import { TextField } from '../../../components/ui/TextField';
import { domainOptions } from '../lib/domain-options';

/** Shorten URL form (docs/product.md#shorten-url, docs/product.md#validation). */
export function ShortenForm({ onCreated }: { onCreated: (link: LinkDto) => void }) {
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const domains = useDomains();
  const waiting = (domains.data ?? []).filter((d) => !d.isActive);
  const create = useCreateLink();
  const controls = useLinkControls(EMPTY_CONTROLS, 'create');
  const [serverError, setServerError] = useState<string | null>(null);
  const set = (key: keyof FormState) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  /** A text field's binding to the form: its name, value and change. */
  const field = (key: keyof FormState) => ({ name: key, value: form[key], onValueChange: set(key) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.originalUrl.trim()) {
      notify.error('Error', 'Please enter a valid URL');
      return;
    }
    if (!controls.validate()) return;
    setServerError(null);
    create.mutate(
      { ...buildCreateRequest(form), ...controlsRequest(controls.value, 'create') },
      {
        onSuccess: (link) => {
          setForm(EMPTY_FORM);
          controls.reset(EMPTY_CONTROLS);
          onCreated(link);
        },
        onError: (err) => {
          const message = serverMessage(err) || 'Failed to create short link';
          setServerError(message);
          notify.error('Error', message);
        },
      },
    );
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} aria-label="Shorten URL">
          <Stack gap="4">
            <TextField
              label="Long URL"
              type="url"
              aria-required="true"
              placeholder="https://example.com/a/very/long/address"
              {...field('originalUrl')}
            />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label="Link Name (optional)" placeholder="Untitled Link" {...field('name')} />
              <SelectField
                label="Domain"
                name="domain"
                value={form.domain}
                onChange={(e) => set('domain')(e.target.value)}
                options={domainOptions(domains.data ?? [])}
                helperText={waiting.length ? `${waiting.map((d) => d.domain).join(', ')}: usable once verified on Custom Domains.` : undefined}
              />
            </SimpleGrid>
            <TextField
              label="Custom Short Code (optional)"
              helperText="Letters, digits, - and _. Empty makes a random 8-character code."
              placeholder="Leave empty to generate one"
              {...field('shortCode')}
            />
            <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
              <Fieldset.Legend>Social Preview (optional)</Fieldset.Legend>
              <Fieldset.Content>
                <TextField label="Preview Title" {...field('ogTitle')} />
                <Field.Root>
                  <Field.Label>Preview Description</Field.Label>
                  <Textarea name="ogDescription" rows={2} value={form.ogDescription} onChange={(e) => set('ogDescription')(e.target.value)} />
                </Field.Root>
                <TextField label="Preview Image URL" type="url" placeholder="https://example.com/image.png" {...field('ogImage')} />
              </Fieldset.Content>
            </Fieldset.Root>
            <AdvancedSection controls={controls} destination={form.originalUrl} mode="create" />
            <ServerError message={serverError} />
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
