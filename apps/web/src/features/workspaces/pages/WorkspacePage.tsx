import { Stack } from '@chakra-ui/react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { PageLoading } from '../../../components/layout/AppLayout';
import { PageHeader } from '../../../components/ui/PageHeader';
import { SharesCard } from '../../../components/stats-share/SharesCard';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreateWorkspaceCard } from '../components/CreateWorkspaceCard';
import { InvitationsCard } from '../components/InvitationsCard';
import { MembersCard } from '../components/MembersCard';
import { WorkspaceNameCard } from '../components/WorkspaceNameCard';

/** Workspace settings (docs/product.md#workspaces): name, members and roles, invitations, leave, delete; and a new one. */
export default function WorkspacePage() {
  useDocumentTitle('Workspace - LinkPulse', 'Members, roles and invitations of your workspace.');
  const { user } = useAuth();
  const { workspace } = useCurrentWorkspace();
  if (!workspace || !user) return <PageLoading />;
  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="Workspace" subtitle="Who shares this workspace's links, domains and analytics" />
      <WorkspaceNameCard key={workspace.id} workspace={workspace} userId={user.id} />
      <MembersCard workspace={workspace} userId={user.id} />
      {workspace.role === 'owner' && <InvitationsCard workspace={workspace} />}
      <SharesCard />
      <CreateWorkspaceCard />
    </Stack>
  );
}
