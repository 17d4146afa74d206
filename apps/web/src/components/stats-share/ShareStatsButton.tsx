import { Button, CloseButton, Dialog, Heading, Portal, Stack } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../api/get-workspaces';
import { ShareStatsForm, type ShareSubject } from './ShareStatsForm';
import { SharesList } from './SharesList';

/**
 * "Share stats": a dialog that creates a public stats page of this link (or tag) and lists and revokes the existing
 * ones (docs/product.md "Shared stats"). Viewers see the list only.
 */
export function ShareStatsButton({ subject, label = 'Share stats' }: { subject: ShareSubject; label?: string }) {
  const [open, setOpen] = useState(false);
  const { canEdit } = useCurrentWorkspace();
  const title = 'linkId' in subject ? 'Share this link’s stats' : `Share the stats of tag “${subject.tag}”`;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center" scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          <Share2 aria-hidden /> {label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                {canEdit && <ShareStatsForm subject={subject} />}
                <Stack gap="2">
                  <Heading as="h3" size="sm">
                    Shared pages
                  </Heading>
                  <SharesList linkId={'linkId' in subject ? subject.linkId : undefined} canEdit={canEdit} />
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
