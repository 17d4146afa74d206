import { Alert, Button, Flex, Input } from '@chakra-ui/react';
import { copyText, notify } from '../../../lib';

interface SecretOnceProps {
  /** 'API key' or 'signing secret' (as it reads mid-sentence). */
  what: string;
  value: string;
  onDone: () => void;
}

/** A secret the server shows only once: read-only field, Copy, and the warning that it won't be shown again. */
export function SecretOnce({ what, value, onDone }: SecretOnceProps) {
  const copy = async () => {
    if (await copyText(value)) notify.success('Copied!', `${what[0].toUpperCase()}${what.slice(1)} copied to clipboard`);
    else notify.error('Copy failed', `Select the ${what} and copy it by hand.`);
  };
  return (
    <Alert.Root status="warning" flexDirection="column" alignItems="stretch" gap="3" data-testid="secret-once">
      <Flex gap="2" align="flex-start">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`Copy your ${what} now`}</Alert.Title>
          <Alert.Description>{`It won't be shown again. Store it somewhere safe; if it is lost, create a new one.`}</Alert.Description>
        </Alert.Content>
      </Flex>
      <Flex gap="2" wrap="wrap">
        <Input readOnly value={value} aria-label={`New ${what}`} fontFamily="mono" flex="1" minW="0" bg="bg" onFocus={(e) => e.target.select()} />
        <Button onClick={() => void copy()} colorPalette="blue">
          Copy
        </Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </Flex>
    </Alert.Root>
  );
}
