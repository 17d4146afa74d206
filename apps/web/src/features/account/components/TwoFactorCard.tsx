import { Box, Button, Code, Image, Stack, Text } from '@chakra-ui/react';
import type { TwoFactorSetupResponse, UserDto } from '@app/contracts';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from '../api/account';
import { ACCOUNT_TEXTS as T } from './AccountTexts';

/** Two-factor sign-in on (setup → QR code → first code → recovery codes shown once) and off (password + code). */
export function TwoFactorCard({ user, onChanged }: { user: UserDto; onChanged: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setupCall = useSetupTwoFactor();
  const enableCall = useEnableTwoFactor();
  const disableCall = useDisableTwoFactor();
  const busy = setupCall.isPending || enableCall.isPending || disableCall.isPending;

  useEffect(() => {
    if (!setup) return void setQr(null);
    void QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 200 }).then(setQr);
  }, [setup]);

  const start = () =>
    setupCall.mutate(undefined, {
      onSuccess: (created) => {
        setSetup(created);
        setCode('');
      },
    });
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    enableCall.mutate(code.trim(), {
      onSuccess: (res) => {
        setSetup(null);
        setCode('');
        setRecoveryCodes(res.recoveryCodes);
      },
    });
  };
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    disableCall.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          onChanged();
        },
      },
    );
  };

  if (recoveryCodes) {
    return (
      <Stack gap="3" data-testid="recovery-codes">
        <Text fontWeight="medium">{T.recoveryTitle}</Text>
        <Text fontSize="sm" color="fg.muted">
          {T.recoveryHelp}
        </Text>
        <Box as="ul" listStyleType="none" display="grid" gridTemplateColumns="repeat(2, max-content)" gap="2">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <Code>{c}</Code>
            </li>
          ))}
        </Box>
        <Button
          alignSelf="flex-start"
          onClick={() => {
            setRecoveryCodes(null);
            onChanged();
          }}
        >
          {T.recoveryDone}
        </Button>
      </Stack>
    );
  }
  if (user.twoFactorEnabled) {
    return (
      <form onSubmit={turnOff} aria-label={T.turnOff}>
        <Stack gap="3" maxW="sm">
          <Text>{T.twoFactorOn}</Text>
          <Text fontSize="sm" color="fg.muted">
            {T.turnOffHelp}
          </Text>
          {user.hasPassword && (
            <TextField
              required
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
            />
          )}
          <TextField required label={T.code} name="code" autoComplete="one-time-code" value={code} onValueChange={setCode} />
          <Button type="submit" colorPalette="red" variant="outline" disabled={busy} alignSelf="flex-start">
            {T.turnOff}
          </Button>
        </Stack>
      </form>
    );
  }
  if (setup) {
    return (
      <form onSubmit={confirm} aria-label={T.turnOn}>
        <Stack gap="3" maxW="sm">
          <Text fontSize="sm">{T.scan}</Text>
          {qr && <Image src={qr} alt="QR code for your authenticator app" w="200px" h="200px" />}
          <Text fontSize="sm">
            {T.secret}: <Code data-testid="two-factor-secret">{setup.secret}</Code>
          </Text>
          <TextField required label={T.code} name="code" autoComplete="one-time-code" value={code} onValueChange={setCode} />
          <Stack direction="row" gap="2">
            <Button type="submit" colorPalette="blue" disabled={busy}>
              {T.confirm}
            </Button>
            <Button variant="ghost" onClick={() => setSetup(null)} type="button">
              {T.cancel}
            </Button>
          </Stack>
        </Stack>
      </form>
    );
  }
  return (
    <Stack gap="3">
      <Text>{T.twoFactorOff}</Text>
      <Button alignSelf="flex-start" colorPalette="blue" onClick={start} disabled={busy}>
        {T.turnOn}
      </Button>
    </Stack>
  );
}
