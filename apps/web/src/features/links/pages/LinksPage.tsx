import type { LinkDto } from '@app/contracts';
import { Card, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FirstLinkPrompt } from '../../../components/ui/FirstLinkPrompt';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsWide } from '../../../lib/use-media-query';
import { useLinks } from '../../../api/get-links';
import { useTags } from '../api/get-tags';
import { EditLinkDialog } from '../components/EditLinkDialog';
import { LinkCards } from '../components/LinkCards';
import { LinksTable } from '../components/LinksTable';
import { QrCodeDialog } from '../components/QrCodeDialog';
import { TagFilter } from '../components/TagFilter';
import { useLinkActions } from '../hooks/use-link-actions';
import { filterLinks, hasOwners } from '../lib/filter-links';

/** docs/product.md's empty text for a user without links; it leads to Shorten URL. */
const NO_LINKS_YET = 'No links created yet';

export default function LinksPage() {
  useDocumentTitle('My Links - LinkPulse', 'Manage and track your shortened URLs.');
  const [tag, setTag] = useState<string | null>(null);
  const { data, isLoading } = useLinks(false, tag);
  const tags = useTags();
  const [search, setSearch] = useState('');
  const [qrLink, setQrLink] = useState<LinkDto | null>(null);
  const [shareId, setShareId] = useState<string | null>(null);
  const [editing, setEditing] = useState<LinkDto | null>(null);
  const wide = useIsWide();
  const actions = useLinkActions();
  const all = data ?? [];
  const links = filterLinks(all, search);
  const handlers = {
    onShare: (l: LinkDto) => setShareId((cur) => (cur === l.id ? null : l.id)),
    onEdit: setEditing,
    onDelete: actions.remove,
    onCopy: (l: LinkDto) => void actions.copy(l),
    onQr: setQrLink,
    onTag: setTag,
  };
  const empty = isLoading
    ? 'Loading links...'
    : all.length === 0
      ? tag
        ? `No links tagged ${tag}`
        : NO_LINKS_YET
      : links.length === 0
        ? 'No links found matching your search'
        : null;
  return (
    <Stack gap="4">
      <PageHeader title="My Links" subtitle="Manage and track your shortened URLs" />
      <Input
        placeholder="Search links..."
        aria-label="Search links"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        maxW={{ md: 'sm' }}
        bg="bg"
      />
      <TagFilter tags={tags.data ?? []} selected={tag} onSelect={setTag} />
      {empty === NO_LINKS_YET ? (
        <FirstLinkPrompt title={NO_LINKS_YET} />
      ) : empty ? (
        <Card.Root>
          <Card.Body>
            <Text color="fg.muted" textAlign="center">
              {empty}
            </Text>
          </Card.Body>
        </Card.Root>
      ) : wide ? (
        <LinksTable links={links} showOwner={hasOwners(all)} shareId={shareId} handlers={handlers} />
      ) : (
        <LinkCards links={links} shareId={shareId} handlers={handlers} />
      )}
      <EditLinkDialog link={editing} onClose={() => setEditing(null)} />
      <QrCodeDialog link={qrLink} onClose={() => setQrLink(null)} />
    </Stack>
  );
}
