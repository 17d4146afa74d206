import type { LinkDto } from '@app/contracts';
import { Button, Card, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { ShareButtons } from '../../../components/share/ShareButtons';
import { notify } from '../../../lib/toasts';
import { copyText } from '../../../lib/clipboard';
import { shortUrlOf } from '../../../lib/short-url';

/** 'Link Created Successfully!' with the read-only short URL, Copy and the share widget. */
export function CreatedLinkCard({ link }: { link: LinkDto }) {
  const url = shortUrlOf(link);
  const ref = useRef<HTMLDivElement>(null);
  // The card sits below the form: bring it into view so the new short URL is seen without scrolling.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [link.id]);
  const copy = async () => {
    if (await copyText(url)) notify.success('Copied!', 'Link copied to clipboard');
    else notify.error('Copy failed', 'Failed to copy link to clipboard.');
  };
  return (
    <Card.Root ref={ref} borderColor="green.muted" bg="green.subtle" data-testid="created-link">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" color="green.fg">
            Link Created Successfully!
          </Heading>
          <Field.Root>
            <Field.Label>Short URL</Field.Label>
            <Flex gap="2" w="full">
              <Input readOnly value={url} name="shortUrl" bg="bg" />
              <Button onClick={() => void copy()} colorPalette="blue">
                Copy
              </Button>
            </Flex>
          </Field.Root>
          <Text fontSize="sm" color="fg.muted">
            Share your link:
          </Text>
          <ShareButtons url={url} title={link.name} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
