import { WORKSPACE_ROLES, type WorkspaceDto, type WorkspaceRole } from '@app/contracts';
import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ListBody, SkeletonRows } from '../../../components/ui/ListBody';
import { OptionSelect } from '../../../components/ui/OptionSelect';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDate } from '../../../lib/dates';
import { useChangeRole, useMembers, useRemoveMember } from '../api/workspace-calls';

const ROLE_OPTIONS = WORKSPACE_ROLES.map((r) => ({ value: r, label: r }));

/** Members and their roles; owners change roles and remove members (the server keeps at least one owner). */
export function MembersCard({ workspace, userId }: { workspace: WorkspaceDto; userId: string }) {
  const members = useMembers(workspace.id);
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const isOwner = workspace.role === 'owner';
  const list = members.data ?? [];
  return (
    <TitledCard as="section" level="h2" title="Members">
      <ListBody loading={members.isPending} placeholder={<SkeletonRows count={2} h="10" />} count={list.length} empty="No members">
        <Stack as="ul" gap="2" m="0" p="0" listStyleType="none">
          {list.map((m) => (
            <Flex as="li" key={m.userId} align="center" gap="3" wrap="wrap" data-testid="member-row">
              <Text fontWeight="medium" flex="1" minW="8rem">
                {m.username}
                {m.userId === userId && (
                  <Badge ml="2" variant="subtle">
                    you
                  </Badge>
                )}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                joined {formatDate(m.joinedAt)}
              </Text>
              {isOwner ? (
                <OptionSelect
                  size="sm"
                  width="8rem"
                  aria-label={`Role of ${m.username}`}
                  options={ROLE_OPTIONS}
                  value={m.role}
                  onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as WorkspaceRole })}
                />
              ) : (
                <Badge>{m.role}</Badge>
              )}
              {isOwner && m.userId !== userId && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove ${m.username}`}
                  onClick={() => remove.mutate({ userId: m.userId, leaving: false })}
                >
                  Remove
                </Button>
              )}
            </Flex>
          ))}
        </Stack>
      </ListBody>
    </TitledCard>
  );
}
