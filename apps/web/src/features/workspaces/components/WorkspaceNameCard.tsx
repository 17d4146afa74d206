import type { WorkspaceDto } from '@app/contracts';
import { Button, Flex, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/TextField';
import { TitledCard } from '../../../components/ui/TitledCard';
import { useDeleteWorkspace, useRemoveMember, useRenameWorkspace } from '../api/workspace-calls';

/** The workspace's name (owners rename it), and leaving or deleting it. The personal workspace is neither left nor deleted. */
export function WorkspaceNameCard({ workspace, userId }: { workspace: WorkspaceDto; userId: string }) {
  const [name, setName] = useState(workspace.name);
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const rename = useRenameWorkspace(workspace.id);
  const remove = useDeleteWorkspace(workspace.id);
  const leave = useRemoveMember(workspace.id);
  const { switchTo } = useCurrentWorkspace();
  const isOwner = workspace.role === 'owner';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(name.trim());
  };
  const back = { onSuccess: () => switchTo(null) };
  return (
    <TitledCard
      as="section"
      level="h2"
      title={workspace.isPersonal ? 'Personal workspace' : workspace.name}
      description={`Your role: ${workspace.role}`}
    >
      {workspace.isPersonal ? (
        <Text color="fg.muted">Your own links, domains and analytics. It comes with your account and goes with it.</Text>
      ) : (
        <form onSubmit={submit}>
          <Flex gap="3" align="end" wrap="wrap">
            <TextField label="Name" value={name} onValueChange={setName} maxLength={64} required disabled={!isOwner} flex="1" minW="12rem" />
            {isOwner && (
              <Button type="submit" loading={rename.isPending} disabled={name.trim() === '' || name.trim() === workspace.name}>
                Save name
              </Button>
            )}
            <Button variant="outline" onClick={() => setConfirm('leave')}>
              Leave workspace
            </Button>
            {isOwner && (
              <Button variant="outline" colorPalette="red" onClick={() => setConfirm('delete')}>
                Delete workspace
              </Button>
            )}
          </Flex>
        </form>
      )}
      <ConfirmDialog
        open={confirm === 'leave'}
        title="Leave this workspace?"
        confirmLabel="Leave"
        busy={leave.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => leave.mutate({ userId, leaving: true }, { onSettled: () => setConfirm(null), ...back })}
      >
        You will no longer see its links and analytics unless you are invited again.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this workspace?"
        confirmLabel="Delete workspace"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirm(null), ...back })}
      >
        Its links stop working and their clicks, its domains, API keys and webhooks are deleted for every member. This cannot be undone.
      </ConfirmDialog>
    </TitledCard>
  );
}
