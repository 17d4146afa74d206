import type { UserDto } from '@app/contracts';
import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { RowActions } from '../../../components/ui/RowActions';
import { RowCard } from '../../../components/ui/RowCard';
import { formatDate, formatDateTime } from '../../../lib';
import { ResetPasswordButton } from './ResetPasswordButton';

interface UserRowProps {
  user: UserDto;
  mode: 'pending' | 'all';
  approving: boolean;
  onApprove: (user: UserDto) => void;
  onReject: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

/** Pending rows: username, registration time, Approve, Reject. All-users rows: badges, dates, Approve, Reset password, Delete. */
export function UserRow({ user, mode, approving, onApprove, onReject, onDelete }: UserRowProps) {
  const canApprove = !user.isApproved && !user.isAdmin;
  return (
    <RowCard data-testid="user-row" data-username={user.username}>
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" wordBreak="break-all">
            {user.username}
          </Text>
          {mode === 'all' && user.isAdmin && <Badge colorPalette="purple">Admin</Badge>}
          {mode === 'all' && <Badge colorPalette={user.isApproved ? 'green' : 'orange'}>{user.isApproved ? 'Approved' : 'Pending'}</Badge>}
        </HStack>
        {mode === 'pending' ? (
          <Text fontSize="sm" color="fg.muted">{`Registered ${formatDateTime(user.createdAt)}`}</Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {`Joined ${formatDate(user.createdAt)}`}
            {user.approvedAt ? ` · Approved ${formatDate(user.approvedAt)}` : ''}
          </Text>
        )}
      </Box>
      <RowActions label={`Actions for ${user.username}`}>
        {canApprove && (
          <Button size="sm" loading={approving} onClick={() => onApprove(user)}>
            Approve
          </Button>
        )}
        {mode === 'pending' && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => onReject(user)}>
            Reject
          </Button>
        )}
        {mode === 'all' && <ResetPasswordButton user={user} />}
        {mode === 'all' && !user.isAdmin && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(user)}>
            Delete
          </Button>
        )}
      </RowActions>
    </RowCard>
  );
}
