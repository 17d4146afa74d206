import type { BulkAction, LinkDto } from '@app/contracts';
import { Button, ButtonGroup, Card, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { OptionSelect } from '../../../components/ui/OptionSelect';
import { FirstLinkPrompt } from '../../../components/ui/FirstLinkPrompt';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { notify } from '../../../lib/toasts';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsWide } from '../../../lib/use-media-query';
import { useLinkPage } from '../../../api/get-links';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { useBulkAction } from '../api/bulk-actions';
import { useTags } from '../api/get-tags';
import { LinkCards } from '../components/LinkCards';
import { LinksTable } from '../components/LinksTable';
import { EditLinkDialog, QrCodeDialog, useLaterParts } from '../components/later-parts';
import { SelectionBar, type Selection } from '../components/SelectionBar';
import { TagFilter } from '../components/TagFilter';
import { DELETE_CONFIRM, useLinkActions } from '../hooks/use-link-actions';
import { useListView } from '../hooks/use-list-view';
import { bulkOutcome, bulkProgress } from '../lib/bulk-outcome';
import { hasOwners } from '../lib/filter-links';
import { PAGE_SIZE, pageParams, viewFilter } from '../lib/list-view';

const SORTS = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'clicks:desc', label: 'Most clicks' },
  { value: 'clicks:asc', label: 'Fewest clicks' },
  { value: 'lastClick:desc', label: 'Recently clicked' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
];
const NONE: Selection = { ids: new Set(), allMatching: false };
const SEARCH_DELAY_MS = 300;
/** docs/product.md's empty text for a user without links; it leads to Shorten URL. */
const NO_LINKS_YET = 'No links created yet';

/** My Links: one server page at a time; page, search, sort, tags and the Archived view live in the address. */
export default function LinksPage() {
  useDocumentTitle('My Links - LinkPulse', 'Manage and track your shortened URLs.');
  const [view, setView] = useListView();
  const { data, isLoading } = useLinkPage(pageParams(view));
  const tags = useTags();
  const [search, setSearch] = useState(view.search);
  const [qrLink, setQrLink] = useState<LinkDto | null>(null);
  const [shareId, setShareId] = useState<string | null>(null);
  const [editing, setEditing] = useState<LinkDto | null>(null);
  const [selection, setSelection] = useState<Selection>(NONE);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const bulk = useBulkAction((p) => setProgress(bulkProgress(p)));
  const wide = useIsWide();
  const actions = useLinkActions();
  const { canEdit } = useCurrentWorkspace();
  const links = data?.data ?? [];
  const total = data?.total ?? 0;
  const totalCapped = data?.totalCapped ?? false;
  // the page of the rows on screen: the previous one stays shown while the next loads (keepPreviousData)
  const shownPage = data?.page ?? view.page;
  // a capped count does not say where the list ends: one more page while this one is full
  const totalPages = Math.max(Math.ceil(total / PAGE_SIZE), totalCapped && links.length === PAGE_SIZE ? shownPage + 1 : 0);

  const laterParts = useLaterParts();
  // the search box writes the address after a pause in typing; the address (back, a shared URL) writes the box
  useEffect(() => setSearch(view.search), [view.search]);
  useEffect(() => {
    if (search === view.search) return;
    const t = setTimeout(() => setView({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [search, view.search, setView]);
  // a new view is a new selection
  const viewKey = `${view.search}|${view.tags.join(',')}|${view.archived}`;
  useEffect(() => setSelection(NONE), [viewKey]);

  const selected = (id: string) => selection.allMatching || selection.ids.has(id);
  const select = (ids: string[], on: boolean) =>
    setSelection((cur) => {
      const next = new Set(cur.allMatching ? links.map((l) => l.id) : cur.ids);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return { ids: next, allMatching: false };
    });

  const runBulk = (action: BulkAction, tagList?: string[]) => {
    if (action === 'delete' && !confirmBulkDelete) return setConfirmBulkDelete(true);
    setConfirmBulkDelete(false);
    const target = selection.allMatching ? { filter: viewFilter(view) } : { ids: [...selection.ids] };
    setProgress(bulkProgress({ done: 0, total: 0 }));
    bulk.mutate(
      { action, ...target, tags: tagList },
      {
        onSuccess: (result) => {
          const { title, description } = bulkOutcome(action, result);
          notify.success(title, description);
          setSelection(NONE);
        },
        onError: (err) => notify.error('The bulk action failed', serverMessage(err)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const handlers = {
    onShare: (l: LinkDto) => setShareId((cur) => (cur === l.id ? null : l.id)),
    onEdit: setEditing,
    onDelete: actions.remove,
    onCopy: (l: LinkDto) => void actions.copy(l),
    onQr: setQrLink,
    onTag: (tag: string) => setView({ tags: view.tags.includes(tag) ? view.tags : [...view.tags, tag] }),
    onArchive: actions.archive,
  };
  const filtered = view.search.trim() !== '' || view.tags.length > 0;
  const empty = isLoading
    ? 'Loading links...'
    : links.length > 0
      ? null
      : filtered
        ? 'No links found matching your search'
        : view.archived
          ? 'No archived links'
          : view.page > 1
            ? 'No links on this page'
            : NO_LINKS_YET;
  const count = selection.allMatching ? total : selection.ids.size;
  const countText = `${count.toLocaleString()}${selection.allMatching && totalCapped ? '+' : ''}`;
  return (
    <Stack gap="4">
      <PageHeader title="My Links" subtitle="Manage and track your shortened URLs" />
      <Flex gap="2" wrap="wrap" align="center">
        <Input
          placeholder="Search links..."
          aria-label="Search links"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxW={{ md: 'sm' }}
          bg="bg"
        />
        <TagFilter tags={tags.data ?? []} selected={view.tags} onChange={(t) => setView({ tags: t })} />
        <OptionSelect
          size="sm"
          width="auto"
          aria-label="Sort links"
          options={SORTS}
          value={`${view.sort}:${view.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':') as [typeof view.sort, typeof view.order];
            setView({ sort, order });
          }}
        />
        <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Which links">
          <Button variant={view.archived ? 'outline' : 'solid'} aria-pressed={!view.archived} onClick={() => setView({ archived: false })}>
            Active
          </Button>
          <Button variant={view.archived ? 'solid' : 'outline'} aria-pressed={view.archived} onClick={() => setView({ archived: true })}>
            Archived
          </Button>
        </ButtonGroup>
      </Flex>
      {canEdit && (
        <SelectionBar
          selection={selection}
          pageCount={links.length}
          total={total}
          totalCapped={totalCapped}
          archivedView={view.archived}
          busy={progress}
          onSelectAllMatching={() => setSelection({ ids: new Set(), allMatching: true })}
          onClear={() => setSelection(NONE)}
          onAction={runBulk}
        />
      )}
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
        <LinksTable
          links={links}
          showOwner={hasOwners(links)}
          shareId={shareId}
          handlers={handlers}
          selected={selected}
          onSelect={canEdit ? select : undefined}
        />
      ) : (
        <LinkCards links={links} shareId={shareId} handlers={handlers} selected={selected} onSelect={canEdit ? select : undefined} />
      )}
      {total > 0 && (
        <Pager
          page={shownPage}
          totalPages={totalPages}
          total={total}
          totalCapped={totalCapped}
          pageSize={PAGE_SIZE}
          noun="links"
          onPage={(page) => setView({ page })}
        />
      )}
      <EditLinkDialog link={editing} onClose={() => setEditing(null)} ready={laterParts} />
      <QrCodeDialog link={qrLink} onClose={() => setQrLink(null)} ready={laterParts} />
      <ConfirmDialog
        open={actions.confirming !== null}
        title="Delete Link"
        confirmLabel="Delete Link"
        destructive
        busy={actions.deleting}
        onConfirm={actions.confirmDelete}
        onClose={actions.cancelDelete}
      >
        {DELETE_CONFIRM}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmBulkDelete}
        title="Delete Links"
        confirmLabel={`Delete ${countText} ${count === 1 ? 'Link' : 'Links'}`}
        destructive
        onConfirm={() => runBulk('delete')}
        onClose={() => setConfirmBulkDelete(false)}
      >
        {`Are you sure you want to delete ${countText} ${count === 1 ? 'link' : 'links'}? This action cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}
