import { Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLinkByCode } from '../api/get-link-by-code';
import { customDomainShortCode } from '../lib/custom-domain';
import { ownHosts } from '../lib/own-hosts';
import { LinkNotFoundPage } from '../pages/LinkNotFoundPage';

/** The short code when this page was reached on a custom-domain host (docs/product.md#custom-domain-redirect-and-link-not-found), else null. */
export function customDomainCode(): string | null {
  if (typeof window === 'undefined') return null;
  return customDomainShortCode(window.location, ownHosts());
}

/** True when the app must resolve a custom-domain short code instead of rendering itself. */
export function isCustomDomainRequest(): boolean {
  return customDomainCode() !== null;
}

/** Only for absolute http(s) targets; anything else is treated as not found. */
function safeTarget(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function Lookup({ code, navigate }: { code: string; navigate: (url: string) => void }) {
  const { data, isPending, isError } = useLinkByCode(code);
  const target = safeTarget(data?.originalUrl);
  useEffect(() => {
    if (target) navigate(target);
  }, [target, navigate]);
  if (isError || (!isPending && !target)) return <LinkNotFoundPage />;
  return (
    <Flex minH="100vh" align="center" justify="center" direction="column" gap="3" role="status">
      <Spinner size="lg" />
      <Text color="fg.muted">Redirecting...</Text>
    </Flex>
  );
}

const goTo = (url: string) => window.location.replace(url);

/** Looks the code up and sends the browser to the original URL, or shows 'Link Not Found'. */
export function CustomDomainRedirect({ code, navigate = goTo }: { code?: string; navigate?: (url: string) => void }) {
  const resolved = code ?? customDomainCode();
  if (!resolved) return <LinkNotFoundPage />;
  return <Lookup code={resolved} navigate={navigate} />;
}
