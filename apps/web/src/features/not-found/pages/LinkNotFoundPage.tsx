import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const LINK_NOT_FOUND_TITLE = 'Link Not Found';
export const LINK_NOT_FOUND_TEXT = 'The shortened link you are looking for could not be found. It may have been removed or never existed.';

/** docs/product.md#custom-domain-redirect-and-link-not-found: shown when a custom-domain short code does not resolve. */
export function LinkNotFoundPage() {
  useDocumentTitle(LINK_NOT_FOUND_TITLE);
  return (
    <Flex as="main" minH="100vh" align="center" justify="center" bg="bg.subtle" p="6">
      <Box bg="bg" borderWidth="1px" borderRadius="lg" p="8" maxW="md" textAlign="center" boxShadow="sm">
        <Text fontSize="5xl" fontWeight="bold" color="fg.muted" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="xl" mt="2">
          {LINK_NOT_FOUND_TITLE}
        </Heading>
        <Text mt="3" color="fg.muted">
          {LINK_NOT_FOUND_TEXT}
        </Text>
      </Box>
    </Flex>
  );
}

export default LinkNotFoundPage;
