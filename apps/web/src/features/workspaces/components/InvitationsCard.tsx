import { WORKSPACE_ROLES, type CreatedInvitationDto, type WorkspaceDto, type WorkspaceRole } from '@app/contracts';
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { CopyableUrl } from '../../../components/ui/CopyableUrl';
import { ListBody } from '../../../components/ui/ListBody';
import { SelectField } from '../../../components/ui/OptionSelect';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDateTime } from '../../../lib/dates';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/workspace-calls';

const ROLE_OPTIONS = WORKSPACE_ROLES.map((r) => ({ value: r, label: r }));
const DAY_OPTIONS = [1, 7, 14, 30].map((d) => ({ value: String(d), label: d === 1 ? '1 day' : `${d} days` }));

/**
 * Invitations by link (owners): a role and an expiry; the link is shown once, with a copy button (only its hash is
 * kept), and works once. Open invitations can be revoked.
 */
export function InvitationsCard({ workspace }: { workspace: WorkspaceDto }) {
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const [days, setDays] = useState('7');
  const [created, setCreated] = useState<CreatedInvitationDto | null>(null);
  const open = useInvitations(workspace.id, true);
  const create = useCreateInvitation(workspace.id);
  const revoke = useRevokeInvitation(workspace.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ role, expiresInDays: Number(days) }, { onSuccess: setCreated });
  };
  const list = open.data ?? [];
  return (
    <TitledCard as="section" level="h2" title="Invitations" description="Anyone signed in who opens the link joins with its role, once.">
      <Stack gap="4">
        <form onSubmit={submit}>
          <Flex gap="3" align="end" wrap="wrap">
            <SelectField
              label="Role"
              field={{ width: '9rem' }}
              options={ROLE_OPTIONS}
              value={role}
              onChange={(e) => setRole(e.target.value as WorkspaceRole)}
            />
            <SelectField
              label="Expires after"
              field={{ width: '9rem' }}
              options={DAY_OPTIONS}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            <Button type="submit" loading={create.isPending}>
              Create invitation
            </Button>
          </Flex>
        </form>
        {created && (
          <CopyableUrl url={created.url} copied={['Invitation link copied', 'Send it to the person you invite.']} testId="invitation-link" />
        )}
        <ListBody loading={open.isPending} count={list.length} empty="No open invitations">
          <Stack as="ul" gap="2" m="0" p="0" listStyleType="none">
            {list.map((i) => (
              <Flex as="li" key={i.id} align="center" gap="3" wrap="wrap">
                <Text flex="1">
                  {i.role}, expires {formatDateTime(i.expiresAt)}
                </Text>
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => revoke.mutate(i.id)}>
                  Revoke
                </Button>
              </Flex>
            ))}
          </Stack>
        </ListBody>
      </Stack>
    </TitledCard>
  );
}
