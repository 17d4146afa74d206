import type { LinkDto } from '@app/contracts';
import { Button, Field, Input, Stack, Tooltip } from '@chakra-ui/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { AdvancedSection, controlsFromLink, controlsRequest, EMPTY_CONTROLS, ServerError, useLinkControls } from '../../../components/link-controls';
import { notify } from '../../../lib/toasts';
import { serverMessage } from '../../../lib/api-client';
import { useUpdateLink } from '../api/update-link';
import { DialogShell } from '../../../components/ui/DialogShell';
import { TextField } from '../../../components/ui/TextField';

const SHORT_CODE_TIP = 'Short code cannot be changed after creation';

/** Edit Link dialog: name and original URL; short code read-only. */
export function EditLinkDialog({ link, onClose }: { link: LinkDto | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [originalUrl, setOriginalUrl] = useState('');
  const update = useUpdateLink();
  const controls = useLinkControls(EMPTY_CONTROLS, 'edit');
  const resetControls = controls.reset;
  const [serverError, setServerError] = useState<string | null>(null);
  const shortCodeId = useId(); // one id for the label's control and the tooltip's trigger, so the label still names the input
  useEffect(() => {
    if (link) {
      setName(link.name);
      setOriginalUrl(link.originalUrl);
      resetControls(controlsFromLink(link));
      setServerError(null);
    }
  }, [link, resetControls]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!link || !controls.validate()) return;
    setServerError(null);
    update.mutate(
      { id: link.id, name: name.trim(), originalUrl: originalUrl.trim(), ...controlsRequest(controls.value, 'edit') },
      {
        onSuccess: () => {
          notify.success('Success', 'Link updated successfully');
          onClose();
        },
        onError: (err) => {
          const message = serverMessage(err) || 'Failed to update link';
          setServerError(message);
          notify.error('Error', message);
        },
      },
    );
  };

  return (
    <DialogShell
      size="lg"
      placement="center"
      scrollBehavior="inside"
      open={link !== null}
      onOpenChange={(o) => !o && onClose()}
      onSubmit={submit}
      closable
      title="Edit Link"
      footer={
        <>
          <Button variant="outline" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="blue" disabled={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Link'}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <TextField required label="Link Name" name="name" value={name} onValueChange={setName} />
        <TextField
          required
          label="Original URL"
          name="originalUrl"
          type="url"
          placeholder="https://example.com"
          value={originalUrl}
          onValueChange={setOriginalUrl}
        />
        <Field.Root readOnly>
          <Field.Label htmlFor={shortCodeId}>Short Code</Field.Label>
          <Tooltip.Root openDelay={100} ids={{ trigger: shortCodeId }}>
            <Tooltip.Trigger asChild>
              <Input name="shortCode" value={link?.shortCode ?? ''} readOnly title={SHORT_CODE_TIP} bg="bg.muted" />
            </Tooltip.Trigger>
            <Tooltip.Positioner>
              <Tooltip.Content>{SHORT_CODE_TIP}</Tooltip.Content>
            </Tooltip.Positioner>
          </Tooltip.Root>
        </Field.Root>
        <AdvancedSection controls={controls} destination={originalUrl} mode="edit" hasPassword={link?.hasPassword ?? false} />
        <ServerError message={serverError} />
      </Stack>
    </DialogShell>
  );
}
