import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';

/** SPEC §9: one toast at a time; dismissed toasts removed after 1,000,000 ms (kept as the spec's constant). */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: TOAST_LIMIT });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} maxW="420px">
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxW="420px">
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

/** Convenience wrappers; 'destructive' in SPEC = type error. */
export const notify = {
  success: (title: string, description?: string) => toaster.create({ title, description, type: 'success' }),
  error: (title: string, description?: string) => toaster.create({ title, description, type: 'error' }),
  info: (title: string, description?: string) => toaster.create({ title, description, type: 'info' }),
};
