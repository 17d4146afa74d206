import { Button, Flex } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { TextField } from '../../../components/ui/TextField';
import { TitledCard } from '../../../components/ui/TitledCard';
import { useCreateWorkspace } from '../api/workspace-calls';

/** A new shared workspace; the caller is its owner and works in it at once. */
export function CreateWorkspaceCard() {
  const [name, setName] = useState('');
  const create = useCreateWorkspace();
  const { switchTo } = useCurrentWorkspace();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (w) => {
        setName('');
        switchTo(w.id);
      },
    });
  };
  return (
    <TitledCard as="section" level="h2" title="Create a workspace" description="Share links, domains and analytics with a team.">
      <form onSubmit={submit}>
        <Flex gap="3" align="end" wrap="wrap">
          <TextField label="Workspace name" value={name} onValueChange={setName} maxLength={64} required flex="1" minW="12rem" />
          <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
            Create workspace
          </Button>
        </Flex>
      </form>
    </TitledCard>
  );
}
