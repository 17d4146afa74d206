import { Stack, Text } from '@chakra-ui/react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { TitledCard } from '../../../components/ui/TitledCard';
import { useAuth, useDocumentTitle } from '../../../lib';
import { apiGet } from '../../../lib';
import type { UserDto } from '@app/contracts';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { SessionsList } from '../components/SessionsList';
import { TwoFactorCard } from '../components/TwoFactorCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { ACCOUNT_TEXTS as T } from '../components/AccountTexts';

/** `/settings/account` (docs/product.md#account-settings): password, sessions, two-factor sign-in, delete my account. */
export default function AccountPage() {
  useDocumentTitle(T.pageTitle, T.subtitle);
  const auth = useAuth();
  const user = auth.user!;
  const keep = (next: UserDto) => auth.login(next, auth.sessionId!);
  const reload = async () => keep((await apiGet<{ user: UserDto }>('/api/auth/me')).user);
  return (
    <Stack gap="6">
      <PageHeader title={T.pageTitle} subtitle={T.subtitle} />
      <TitledCard title={T.password} description={user.hasPassword ? T.passwordHelp : undefined}>
        {user.hasPassword ? <ChangePasswordForm onChanged={keep} /> : <Text color="fg.muted">{T.noPassword}</Text>}
      </TitledCard>
      <TitledCard title={T.sessions} description={T.sessionsHelp}>
        <SessionsList />
      </TitledCard>
      <TitledCard title={T.twoFactor}>
        <TwoFactorCard user={user} onChanged={() => void reload()} />
      </TitledCard>
      <TitledCard title={T.deleteAccountSection}>
        <DeleteAccountCard user={user} />
      </TitledCard>
    </Stack>
  );
}
