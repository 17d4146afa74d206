import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { useCurrentWorkspace, workspacesKey } from '../../../api/get-workspaces';
import { PageHeader } from '../../../components/ui/PageHeader';
import { TitledCard } from '../../../components/ui/TitledCard';
import { notify } from '../../../lib/toasts';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { acceptInvitation } from '../api/workspace-calls';

/** /invite/{token}: the signed-in user joins the workspace (once) and starts working in it. */
export default function InvitePage() {
  useDocumentTitle('Invitation - LinkPulse', 'Join a workspace.');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { switchTo } = useCurrentWorkspace();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async ({ workspace }) => {
      await qc.invalidateQueries({ queryKey: workspacesKey });
      switchTo(workspace.id);
      notify.success('Welcome to the workspace', `You joined ${workspace.name} as ${workspace.role}.`);
      navigate('/links');
    },
  });
  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="Invitation" subtitle="You were invited to a shared workspace" />
      <TitledCard as="section" level="h2" title="Join the workspace">
        <Stack gap="3" align="start">
          <Text>Accepting adds you to the workspace with the role the invitation gives. The link works only once.</Text>
          {accept.isError && (
            <Text color="fg.error" role="alert">
              {serverMessage(accept.error) ?? 'Could not accept the invitation. Please try again.'}
            </Text>
          )}
          <Button onClick={() => accept.mutate()} loading={accept.isPending} disabled={accept.isSuccess}>
            Accept invitation
          </Button>
        </Stack>
      </TitledCard>
    </Stack>
  );
}
