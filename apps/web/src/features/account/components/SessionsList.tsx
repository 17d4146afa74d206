import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../lib';
import { useEndSession, useSessions } from '../api/account';
import { ACCOUNT_TEXTS as T } from './AccountTexts';

/** Every live session of the user, with its device, address and last use, and a button to end each other one. */
export function SessionsList() {
  const sessions = useSessions();
  const end = useEndSession();
  if (sessions.isPending) return <Text color="fg.muted">Loading...</Text>;
  return (
    <Stack gap="2" as="ul" listStyleType="none" data-testid="sessions">
      {(sessions.data ?? []).map((s) => (
        <Flex as="li" key={s.id} justify="space-between" align="center" gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="session-row">
          <Stack gap="0">
            <Text fontWeight="medium">
              {s.device} {s.current && <Badge colorPalette="green">{T.thisDevice}</Badge>}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {s.ip ?? '—'} · {T.lastUsed} {formatDateTime(s.lastUsedAt)}
            </Text>
          </Stack>
          {!s.current && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => end.mutate(s.id)} aria-label={`${T.endSession} ${s.device}`}>
              {T.endSession}
            </Button>
          )}
        </Flex>
      ))}
    </Stack>
  );
}
