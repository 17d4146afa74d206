import { Box, Button, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../lib';
import { useCreateWebhook } from '../api/create-webhook';
import { EVENT_DESCRIPTIONS } from '../lib/labels';
import { isHttpUrl } from '../lib/webhook-url';
import { WEBHOOK_EVENTS, type CreatedWebhookDto, type WebhookEventType } from '@app/contracts';
import { OptionCheckboxes } from './OptionCheckboxes';
import { TextField } from '../../../components/ui/TextField';

/** Endpoint URL and events; the created webhook (with its one-time `secret`) goes to `onCreated`. */
export function AddWebhookForm({ onCreated }: { onCreated: (hook: CreatedWebhookDto) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const create = useCreateWebhook();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isHttpUrl(url.trim())) return notify.error('Error', 'Enter an http:// or https:// URL');
    if (events.length === 0) return notify.error('Error', 'Choose at least one event');
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (hook) => {
          setUrl('');
          setEvents([...WEBHOOK_EVENTS]);
          onCreated(hook);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add webhook">
      <Stack gap="4">
        <TextField
          label="Endpoint URL"
          helperText="Each delivery is a signed POST (header X-LinkPulse-Signature); any 2xx within 10 s counts as delivered."
          type="url"
          name="webhookUrl"
          placeholder="https://example.com/hooks/linkpulse"
          value={url}
          onValueChange={setUrl}
        />
        <OptionCheckboxes legend="Events" options={WEBHOOK_EVENTS} descriptions={EVENT_DESCRIPTIONS} selected={events} onChange={setEvents} />
        <Box>
          <Button type="submit" colorPalette="blue" loading={create.isPending} w={{ base: 'full', md: 'auto' }}>
            Add Webhook
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
