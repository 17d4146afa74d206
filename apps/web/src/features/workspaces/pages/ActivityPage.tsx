import type { ActivityItemDto } from '@app/contracts';
import { Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { ListBody, SkeletonRows } from '../../../components/ui/ListBody';
import { PageHeader } from '../../../components/ui/PageHeader';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ACTIVITY_PAGE_SIZE, useActivity } from '../api/workspace-calls';

/** `link-created` → "link created"; the stored event type is the action. */
const actionText = (action: string) => action.replace(/^workspace-/, '').replace(/-/g, ' ');
const actorText = (a: ActivityItemDto['actor']) => (a.type === 'apiKey' ? `API key ${a.name ?? '(revoked)'}` : (a.name ?? 'someone'));

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
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>What</Table.ColumnHeader>
                <Table.ColumnHeader>On</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r, i) => (
                <Table.Row key={`${r.at}-${i}`} data-testid="activity-row">
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(r.at)}</Table.Cell>
                  <Table.Cell>{actorText(r.actor)}</Table.Cell>
                  <Table.Cell>{actionText(r.action)}</Table.Cell>
                  <Table.Cell>
                    {r.target.type} {r.target.name ?? ''}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Flex justify="space-between" align="center" mt="3">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Text fontSize="sm" color="fg.muted">
              Page {page} of {pages}
            </Text>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </Flex>
        </ListBody>
      </TitledCard>
    </Stack>
  );
}
