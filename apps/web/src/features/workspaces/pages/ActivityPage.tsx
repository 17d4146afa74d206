import type { ActivityItemDto } from '@app/contracts';
import { Box, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { DataTable, type Column } from '../../../components/ui/DataTable';
import { ListBody, SkeletonRows } from '../../../components/ui/ListBody';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ACTIVITY_PAGE_SIZE, useActivity } from '../api/workspace-calls';

/** `link-created` → "link created"; the stored event type is the action. */
const actionText = (action: string) => action.replace(/^workspace-/, '').replace(/-/g, ' ');
const actorText = (a: ActivityItemDto['actor']) =>
  a.type === 'apiKey' ? `API key ${a.name ?? '(revoked)'}` : a.type === 'system' ? 'LinkPulse (automatic)' : (a.name ?? 'someone');

const ACTIVITY_COLUMNS: Column<ActivityItemDto>[] = [
  { header: 'When', cell: (r) => formatDateTime(r.at), cellProps: { whiteSpace: 'nowrap' } },
  { header: 'Who', cell: (r) => actorText(r.actor) },
  { header: 'What', cell: (r) => actionText(r.action) },
  { header: 'On', cell: (r) => `${r.target.type} ${r.target.name ?? ''}` },
];

/** Activity (docs/product.md#workspaces): who created, changed, deleted, imported and invited, newest first. */
export default function ActivityPage() {
  useDocumentTitle('Activity - LinkPulse', 'Who changed what in your workspace.');
  const { workspace } = useCurrentWorkspace();
  const [page, setPage] = useState(1);
  const activity = useActivity(workspace?.id, page);
  const rows = activity.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((activity.data?.total ?? 0) / ACTIVITY_PAGE_SIZE));
  return (
    <Stack gap="6">
      <PageHeader
        layout="stack"
        title="Activity"
        subtitle={`Who changed what in ${workspace?.isPersonal ? 'your personal workspace' : (workspace?.name ?? 'this workspace')}`}
      />
      <TitledCard as="section" level="h2" title="Recent activity">
        <ListBody loading={activity.isPending} placeholder={<SkeletonRows count={4} h="8" />} count={rows.length} empty="No activity yet">
          <DataTable columns={ACTIVITY_COLUMNS} rows={rows} rowKey={(r, i) => `${r.at}-${i}`} rowTestId="activity-row" />
          <Box mt="3">
            <Pager page={page} totalPages={pages} total={activity.data?.total ?? 0} pageSize={ACTIVITY_PAGE_SIZE} onPage={setPage} noun="changes" />
          </Box>
        </ListBody>
      </TitledCard>
    </Stack>
  );
}
