import type { LinkDto } from '@app/contracts';
import { Button, Flex } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentWorkspace } from '../../../api/get-workspaces';

export interface LinkActionHandlers {
  onShare: (link: LinkDto) => void;
  onEdit: (link: LinkDto) => void;
  onDelete: (link: LinkDto) => void;
  onCopy: (link: LinkDto) => void;
  onQr: (link: LinkDto) => void;
  onTag: (tag: string) => void;
}

/** Per-row actions: analytics, share, edit, delete, copy, QR code (a workspace viewer gets no edit or delete). */
export function LinkActions({ link, shareOpen, handlers }: { link: LinkDto; shareOpen: boolean; handlers: LinkActionHandlers }) {
  const label = (what: string) => `${what} ${link.name}`;
  const { canEdit } = useCurrentWorkspace();
  return (
    <Flex gap="1" wrap="wrap">
      <Button asChild size="xs" variant="outline">
        <RouterLink to={`/links/${link.id}/analytics`} aria-label={label('Analytics for')}>
          Analytics
        </RouterLink>
      </Button>
      <Button
        size="xs"
        variant={shareOpen ? 'solid' : 'outline'}
        aria-expanded={shareOpen}
        aria-label={label('Share')}
        onClick={() => handlers.onShare(link)}
      >
        Share
      </Button>
      {canEdit && (
        <>
          <Button size="xs" variant="outline" aria-label={label('Edit')} onClick={() => handlers.onEdit(link)}>
            Edit
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" aria-label={label('Delete')} onClick={() => handlers.onDelete(link)}>
            Delete
          </Button>
        </>
      )}
      <Button size="xs" variant="outline" aria-label={label('Copy short link of')} onClick={() => handlers.onCopy(link)}>
        Copy
      </Button>
      <Button size="xs" variant="outline" aria-label={label('QR code of')} onClick={() => handlers.onQr(link)}>
        QR
      </Button>
    </Flex>
  );
}
