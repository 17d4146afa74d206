import { Button, Code, Flex } from '@chakra-ui/react';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/toasts';

interface CopyableUrlProps {
  url: string;
  /** The success toast's title and description. */
  copied: [title: string, description: string];
  testId?: string;
}

/** An address shown once (an invitation, a shared page) with "Copy link"; a failed copy asks to copy by hand. */
export function CopyableUrl({ url, copied, testId }: CopyableUrlProps) {
  const copy = async () => {
    if (await copyText(url)) notify.success(...copied);
    else notify.error('Could not copy', 'Select the link and copy it by hand.');
  };
  return (
    <Flex gap="2" align="center" wrap="wrap" data-testid={testId}>
      <Code flex="1" minW="0" wordBreak="break-all" px="2" py="1">
        {url}
      </Code>
      <Button size="sm" onClick={() => void copy()}>
        Copy link
      </Button>
    </Flex>
  );
}
