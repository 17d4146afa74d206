import { Button, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { Link2, Plus } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

export const FIRST_LINK_TEXT = 'Shorten your first URL to start tracking clicks, places and devices here.';

/**
 * The first-run state of a screen that lists a user's links: what the user has (`title`, the product's empty text where it
 * gives one) and the way to the first link, Shorten URL.
 */
export function FirstLinkPrompt({ title }: { title: string }) {
  return (
    <Card.Root data-testid="first-link-prompt" borderStyle="dashed">
      <Card.Body>
        <Flex direction="column" align="center" textAlign="center" gap="3" py={{ base: '4', md: '6' }}>
          <Flex align="center" justify="center" boxSize="12" borderRadius="full" bg="blue.subtle" color="blue.fg">
            <Link2 aria-hidden />
          </Flex>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text color="fg.muted" maxW="md">
            {FIRST_LINK_TEXT}
          </Text>
          <Button asChild colorPalette="blue">
            <RouterLink to="/shorten">
              <Plus aria-hidden />
              Shorten URL
            </RouterLink>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
