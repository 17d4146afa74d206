import { Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { PageHeader } from '../../../components/ui/PageHeader';
import { TitledCard } from '../../../components/ui/TitledCard';
import { serverMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { acceptInvitation } from '../api/workspace-calls';

/** /invite/{token}: the signed-in user joins the workspace (once) and starts working in it. */
export default function InvitePage() {
  useDocumentTitle('Invitation - LinkPulse', 'Join a workspace.');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { switchTo } = useCurrentWorkspace();
  const accept = useApiMutation({
    mutationFn: () => acceptInvitation(token),
    success: ({ workspace }) => ['Welcome to the workspace', `You joined ${workspace.name} as ${workspace.role}.`],
    invalidates: [queryKeys.workspaces.all],
    onSuccess: ({ workspace }) => {
      switchTo(workspace.id);
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
