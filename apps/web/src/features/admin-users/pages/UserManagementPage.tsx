import type { UserDto } from '@app/contracts';
import { Box, Card, Heading, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useApproveUser } from '../api/approve-user';
import { useDeleteUser } from '../api/delete-user';
import { usePendingUsers } from '../api/get-pending-users';
import { useUsers } from '../api/get-users';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { UserRow } from '../components/UserRow';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Pending = { kind: 'reject' | 'delete'; user: UserDto } | null;

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">{label}</Text>
        {value === undefined ? <Skeleton h="8" w="12" mt="1" /> : <Text fontSize="2xl" fontWeight="bold">{value}</Text>}
      </Card.Body>
    </Card.Root>
  );
}

export default function UserManagementPage() {
  useDocumentTitle('User Management - LinkPulse');
  const users = useUsers();
  const pending = usePendingUsers();
  const approve = useApproveUser();
  const remove = useDeleteUser();
  const [confirm, setConfirm] = useState<Pending>(null);
  const all = users.data ?? [];
  const waiting = pending.data ?? [];

  const rows = (list: UserDto[], mode: 'pending' | 'all', loading: boolean, empty: string) =>
    loading ? (
      <Stack gap="3">{[0, 1].map((i) => <Skeleton key={i} h="16" />)}</Stack>
    ) : list.length === 0 ? (
      <Text color="fg.muted" textAlign="center" py="6">{empty}</Text>
    ) : (
      <Stack as="ul" gap="3" m="0" p="0">
        {list.map((u) => (
          <UserRow key={u.id} user={u} mode={mode} approving={approve.isPending && approve.variables === u.id}
            onApprove={(x) => approve.mutate(x.id)} onReject={(x) => setConfirm({ kind: 'reject', user: x })} onDelete={(x) => setConfirm({ kind: 'delete', user: x })} />
        ))}
      </Stack>
    );

  const runConfirm = () => {
    if (!confirm) return;
    remove.mutate(confirm.user.id, { onSettled: () => setConfirm(null) });
  };

  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl">User Management</Heading>
        <Text color="fg.muted">Approve registrations and manage user accounts</Text>
      </Box>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Counter label="Total Users" value={users.data?.length} />
        <Counter label="Pending Approval" value={pending.data?.length} />
        <Counter label="Approved Users" value={users.data ? all.filter((u) => u.isApproved).length : undefined} />
      </SimpleGrid>
      <Tabs.Root defaultValue="pending" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="pending">{`Pending Approval (${waiting.length})`}</Tabs.Trigger>
          <Tabs.Trigger value="all">{`All Users (${all.length})`}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending">{rows(waiting, 'pending', pending.isPending, 'No users waiting for approval')}</Tabs.Content>
        <Tabs.Content value="all">{rows(all, 'all', users.isPending, 'No users found')}</Tabs.Content>
      </Tabs.Root>

      <ConfirmDialog open={confirm?.kind === 'reject'} title="Reject User Registration" confirmLabel="Reject & Delete" destructive busy={remove.isPending} onConfirm={runConfirm} onClose={() => setConfirm(null)}>
        <Text>{`Rejecting "${confirm?.user.username ?? ''}" permanently deletes the account. The user will have to register again.`}</Text>
      </ConfirmDialog>
      <ConfirmDialog open={confirm?.kind === 'delete'} title="Delete User Account" confirmLabel="Delete Permanently" destructive busy={remove.isPending} onConfirm={runConfirm} onClose={() => setConfirm(null)}>
        <Text>{`This permanently removes the account of "${confirm?.user.username ?? ''}", their links and all their data. This action cannot be undone.`}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
