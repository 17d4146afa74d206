import { Alert, Box, Button, Card, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { AuthResponse, LoginResponse } from '@app/contracts';
import { notify } from '../../../lib/toasts';
import { useAuth } from '../../../lib/auth-context';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { takeSsoSession, useAuthOptions, useLogin, useLoginTwoFactor } from '../api/login';
import { useRegister } from '../api/register';
import { AUTH_TEXTS as T } from '../components/AuthTexts';
import { TextField } from '../../../components/ui/TextField';

/** Where the api sends the browser after single sign-on (the one-time hand-over is in an httpOnly cookie). */
export const SSO_LANDING_PATH = '/sso';

function ErrorAlert({ title, message, testId }: { title: string; message: string; testId: string }) {
  return (
    <Alert.Root status="error" role="alert" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * One screen: sign in (then, with two-factor sign-in on, a code), sign up, and "Sign in with {provider}" when single
 * sign-on is configured (docs/product.md#login-and-sign-up, #accounts). At `/sso` it first takes the finished single
 * sign-on; a refusal's reason stays on the screen.
 */
export function LoginPage() {
  useDocumentTitle(T.pageTitle, T.pageDescription);
  const auth = useAuth();
  const options = useAuthOptions();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [ssoError, setSsoError] = useState<string | null>(null);
  const [ssoBusy, setSsoBusy] = useState(() => typeof window !== 'undefined' && window.location.pathname === SSO_LANDING_PATH);
  const loginMutation = useLogin();
  const twoFactorMutation = useLoginTwoFactor();
  const registerMutation = useRegister();
  // A refused sign-up stays on the form, beside what to change (the toast goes; this does not).
  const [signUpError, setSignUpError] = useState<string | null>(null);
  const busy = loginMutation.isPending || registerMutation.isPending || twoFactorMutation.isPending;
  const isSignUp = mode === 'register';
  const localLogin = options.data?.localLogin ?? true;
  const sso = options.data?.oidc ?? null;

  const signedIn = ({ user, sessionId }: AuthResponse) => {
    if (window.location.pathname === SSO_LANDING_PATH) window.history.replaceState(null, '', '/');
    auth.login(user, sessionId);
  };

  useEffect(() => {
    if (!ssoBusy) return;
    let cancelled = false;
    takeSsoSession()
      .then((res) => !cancelled && signedIn(res))
      .catch((err) => {
        if (cancelled) return;
        window.history.replaceState(null, '', '/');
        setSsoError(serverMessage(err) || 'Please try again.');
        setSsoBusy(false);
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = () => {
    setMode(isSignUp ? 'login' : 'register');
    setUsername('');
    setPassword('');
    setSignUpError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const credentials = { username, password };
    setSignUpError(null);
    setSsoError(null);
    if (isSignUp) {
      registerMutation.mutate(credentials, {
        onSuccess: (res) => {
          notify.success('Account Created', 'Welcome! Your account has been created successfully.');
          signedIn(res);
        },
        onError: (err) => {
          const message = serverMessage(err) || 'Registration failed';
          setSignUpError(message);
          notify.error('Registration Failed', message);
        },
      });
    } else {
      loginMutation.mutate(credentials, {
        onSuccess: (res: LoginResponse) => {
          if ('twoFactorRequired' in res) {
            setChallenge(res.challenge);
            setCode('');
            setCodeError(null);
          } else signedIn(res);
        },
        onError: (err) => notify.error('Login Failed', serverMessage(err) || 'Please try again.'),
      });
    }
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!challenge) return;
    setCodeError(null);
    twoFactorMutation.mutate(
      { challenge, code: code.trim() },
      {
        onSuccess: signedIn,
        onError: (err) => {
          setCodeError(serverMessage(err) || 'Please try again.');
          setCode('');
        },
      },
    );
  };

  const backToPassword = () => {
    setChallenge(null);
    setPassword('');
    setCodeError(null);
  };

  return (
    <Flex as="main" minH="100vh" align="center" justify="center" bg="bg.subtle" p="4">
      <Card.Root w="full" maxW="md">
        <Card.Header textAlign="center">
          <Heading as="h1" size="2xl" color="blue.fg">
            LinkPulse
          </Heading>
          <Text color="fg.muted">{T.tagline}</Text>
        </Card.Header>
        <Card.Body>
          {ssoBusy ? (
            <Flex direction="column" align="center" gap="3" role="status">
              <Spinner size="lg" color="blue.solid" />
              <Text color="fg.muted">{T.ssoFinishing}</Text>
            </Flex>
          ) : challenge ? (
            <form onSubmit={submitCode}>
              <Stack gap="4">
                <Heading as="h2" size="md">
                  {T.twoFactorTitle}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {T.twoFactorHelp}
                </Text>
                <TextField
                  required
                  label={T.twoFactorLabel}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="text"
                  value={code}
                  onValueChange={setCode}
                />
                {codeError && <ErrorAlert title="Login Failed" message={codeError} testId="two-factor-error" />}
                <Button type="submit" colorPalette="blue" disabled={busy}>
                  {busy ? T.busy : T.verify}
                </Button>
                <Box textAlign="center">
                  <Button variant="plain" color="blue.fg" size="sm" onClick={backToPassword} type="button">
                    {T.back}
                  </Button>
                </Box>
              </Stack>
            </form>
          ) : (
            <Stack gap="4">
              {ssoError && <ErrorAlert title={T.ssoFailed} message={ssoError} testId="sso-error" />}
              {sso && (
                <Button asChild colorPalette="blue" variant={localLogin ? 'outline' : 'solid'}>
                  <a href="/api/auth/oidc/login">{T.ssoSignIn(sso.name)}</a>
                </Button>
              )}
              {sso && localLogin && (
                <Flex align="center" gap="3">
                  <Box flex="1" borderTopWidth="1px" />
                  <Text color="fg.muted" fontSize="sm">
                    {T.or}
                  </Text>
                  <Box flex="1" borderTopWidth="1px" />
                </Flex>
              )}
              {localLogin && (
                <form onSubmit={submit}>
                  <Stack gap="4">
                    <TextField
                      required
                      label="Username"
                      helperText={isSignUp && T.usernameHint}
                      name="username"
                      autoComplete="username"
                      value={username}
                      onValueChange={setUsername}
                    />
                    <TextField
                      required
                      label="Password"
                      helperText={isSignUp && T.passwordHint}
                      name="password"
                      type="password"
                      autoComplete={isSignUp ? 'new-password' : 'current-password'}
                      value={password}
                      onValueChange={setPassword}
                    />
                    {isSignUp && signUpError && <ErrorAlert title="Registration Failed" message={signUpError} testId="sign-up-error" />}
                    {isSignUp && (
                      <Alert.Root status="info">
                        <Alert.Indicator />
                        <Alert.Description>{T.signUpNote}</Alert.Description>
                      </Alert.Root>
                    )}
                    <Button type="submit" colorPalette="blue" disabled={busy}>
                      {busy ? T.busy : isSignUp ? T.createAccount : T.signIn}
                    </Button>
                    <Box textAlign="center">
                      <Button variant="plain" color="blue.fg" size="sm" onClick={toggle} type="button">
                        {isSignUp ? T.toSignIn : T.toSignUp}
                      </Button>
                    </Box>
                  </Stack>
                </form>
              )}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
