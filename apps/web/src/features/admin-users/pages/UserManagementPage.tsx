import type { UserDto } from '@app/contracts';
import { SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useApproveUser } from '../api/approve-user';
import { useDeleteUser } from '../api/delete-user';
import { usePendingUsers } from '../api/get-pending-users';
import { useUsers } from '../api/get-users';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CountCard } from '../../../components/ui/CountCard';
import { ListBody, SkeletonRows } from '../../../components/ui/ListBody';
import { PageHeader } from '../../../components/ui/PageHeader';
import { UserRow } from '../components/UserRow';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Pending = { kind: 'reject' | 'delete'; user: UserDto } | null;

/** Reject and Delete both delete the account; they ask in their own words. */
const CONFIRMS = {
  reject: {
    title: 'Reject User Registration',
    confirmLabel: 'Reject & Delete',
    text: (username: string) => `Rejecting "${username}" permanently deletes the account. The user will have to register again.`,
  },
  delete: {
    title: 'Delete User Account',
    confirmLabel: 'Delete Permanently',
    text: (username: string) =>
      `This permanently removes the account of "${username}", their links and all their data. This action cannot be undone.`,
  },
};

export default function UserManagementPage() {
  useDocumentTitle('User Management - LinkPulse');
  const users = useUsers();
  const pending = usePendingUsers();
  const approve = useApproveUser();
  const remove = useDeleteUser();
  const [confirm, setConfirm] = useState<Pending>(null);
  const all = users.data ?? [];
  const waiting = pending.data ?? [];

  const rows = (list: UserDto[], mode: 'pending' | 'all', loading: boolean, empty: string) => (
    <ListBody loading={loading} placeholder={<SkeletonRows count={2} h="16" />} count={list.length} empty={empty} emptyPy="6">
      <Stack as="ul" gap="3" m="0" p="0">
        {list.map((u) => (
          <UserRow
            key={u.id}
            user={u}
            mode={mode}
            approving={approve.isPending && approve.variables === u.id}
            onApprove={(x) => approve.mutate(x.id)}
            onReject={(x) => setConfirm({ kind: 'reject', user: x })}
            onDelete={(x) => setConfirm({ kind: 'delete', user: x })}
          />
        ))}
      </Stack>
    </ListBody>
  );

  const runConfirm = () => {
    if (!confirm) return;
    remove.mutate(confirm.user.id, { onSettled: () => setConfirm(null) });
  };

  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="User Management" subtitle="Approve registrations and manage user accounts" />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <CountCard label="Total Users" value={users.data?.length} />
        <CountCard label="Pending Approval" value={pending.data?.length} />
        <CountCard label="Approved Users" value={users.data ? all.filter((u) => u.isApproved).length : undefined} />
      </SimpleGrid>
      <Tabs.Root defaultValue="pending" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="pending">{`Pending Approval (${waiting.length})`}</Tabs.Trigger>
          <Tabs.Trigger value="all">{`All Users (${all.length})`}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending">{rows(waiting, 'pending', pending.isPending, 'No users waiting for approval')}</Tabs.Content>
        <Tabs.Content value="all">{rows(all, 'all', users.isPending, 'No users found')}</Tabs.Content>
      </Tabs.Root>

      {(['reject', 'delete'] as const).map((kind) => (
        <ConfirmDialog
          key={kind}
          open={confirm?.kind === kind}
          title={CONFIRMS[kind].title}
          confirmLabel={CONFIRMS[kind].confirmLabel}
          destructive
          busy={remove.isPending}
          onConfirm={runConfirm}
          onClose={() => setConfirm(null)}
        >
          <Text>{CONFIRMS[kind].text(confirm?.user.username ?? '')}</Text>
        </ConfirmDialog>
      ))}
    </Stack>
  );
}
