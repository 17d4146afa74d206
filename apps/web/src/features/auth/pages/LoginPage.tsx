import { Alert, Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { useAuth } from '../../../lib/auth-context';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { AUTH_TEXTS as T } from '../components/AuthTexts';
import { TextField } from '../../../components/ui/TextField';

/** One screen, two modes: sign in and sign up (docs/product.md#login-and-sign-up). */
export function LoginPage() {
  useDocumentTitle(T.pageTitle, T.pageDescription);
  const auth = useAuth();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  // A refused sign-up stays on the form, beside what to change (the toast goes; this does not).
  const [signUpError, setSignUpError] = useState<string | null>(null);
  const busy = loginMutation.isPending || registerMutation.isPending;
  const isSignUp = mode === 'register';

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
    if (isSignUp) {
      registerMutation.mutate(credentials, {
        onSuccess: ({ user, sessionId }) => {
          notify.success('Account Created', 'Welcome! Your account has been created successfully.');
          auth.login(user, sessionId);
        },
        onError: (err) => {
          const message = serverMessage(err) || 'Registration failed';
          setSignUpError(message);
          notify.error('Registration Failed', message);
        },
      });
    } else {
      loginMutation.mutate(credentials, {
        onSuccess: ({ user, sessionId }) => auth.login(user, sessionId),
        onError: (err) => notify.error('Login Failed', serverMessage(err) || 'Please try again.'),
      });
    }
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
              {isSignUp && signUpError && (
                <Alert.Root status="error" role="alert" data-testid="sign-up-error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Registration Failed</Alert.Title>
                    <Alert.Description>{signUpError}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
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
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
