import { Button, Heading, Stack } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../api/get-workspaces';
import { DialogShell } from '../ui/DialogShell';
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
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      placement="center"
      scrollBehavior="inside"
      inset
      closable
      title={title}
      trigger={
        <Button size="sm" variant="outline">
          <Share2 aria-hidden /> {label}
        </Button>
      }
    >
      <Stack gap="5">
        {canEdit && <ShareStatsForm subject={subject} />}
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Shared pages
          </Heading>
          <SharesList linkId={'linkId' in subject ? subject.linkId : undefined} canEdit={canEdit} />
        </Stack>
      </Stack>
    </DialogShell>
  );
}
