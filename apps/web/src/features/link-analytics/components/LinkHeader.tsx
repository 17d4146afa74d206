import type { LinkAnalyticsDto } from '@app/contracts';
import { Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { notify } from '../../../lib/toasts';
import { copyText } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/dates';
import { countOf } from '../../../lib/numbers';
import { shortUrlOf } from '../../../lib/short-url';

export function LinkHeader({ link }: { link: LinkAnalyticsDto['link'] }) {
  const shortUrl = shortUrlOf(link);
  const copy = async () => {
    if (await copyText(shortUrl)) notify.success('Copied!', 'URL copied to clipboard');
    else notify.error('Failed to copy link');
  };
  return (
    <Card.Root>
      <Card.Body>
        <Flex justify="space-between" gap="4" wrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h1" size="2xl" truncate>
              {link.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Created {formatDate(link.createdAt)}
              {/* An imported link's clicks in its source: shown apart, never in the figures below (clicks seen here). */}
              {link.importedClicks ? ` · ${countOf(link.importedClicks, 'click')} before import` : ''}
            </Text>
            <Text fontSize="sm" color="blue.fg" wordBreak="break-all" data-testid="analytics-short-url">
              {shortUrl}
            </Text>
            <Link href={link.originalUrl ?? undefined} target="_blank" rel="noopener noreferrer" fontSize="sm" color="fg.muted" wordBreak="break-all">
              {link.originalUrl}
            </Link>
          </Stack>
          <Flex gap="2" align="start" wrap="wrap">
            <Button size="sm" onClick={() => void copy()}>
              Copy Short URL
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={!link.originalUrl}
              onClick={() => window.open(link.originalUrl ?? undefined, '_blank', 'noopener,noreferrer')}
            >
              Visit Original
            </Button>
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
