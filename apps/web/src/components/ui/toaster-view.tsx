import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { toaster } from '../../lib/toasts';

/** A dismissed toast stays mounted for the removal delay: hidden after its fade, and never in the way of clicks. */
const DISMISSED_HIDDEN = {
  '&[data-state=closed]': {
    pointerEvents: 'none',
    visibility: 'hidden',
    transition: 'translate 400ms, scale 400ms, opacity 200ms, visibility 0s linear 200ms',
  },
};

/** The toasts on screen: a chunk of its own (portal, toast machine), loaded after the first paint. */
export default function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} maxW="420px">
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxW="420px" css={DISMISSED_HIDDEN}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
