import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

interface DialogShellProps extends Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The button that opens it, when the dialog owns one. */
  trigger?: ReactNode;
  /** The buttons under the body. */
  footer?: ReactNode;
  /** A × in the corner. */
  closable?: boolean;
  /** Keeps the dialog 1rem off the screen's edges on a phone. */
  inset?: boolean;
  /** Makes title, body and footer one form (its submit button in the footer). */
  onSubmit?: (e: FormEvent) => void;
  children: ReactNode;
}

/** Every modal's frame: backdrop, centred content with a title, the body, then the footer (`ConfirmDialog` and the rest). */
export function DialogShell({ open, onOpenChange, title, trigger, footer, closable, inset, onSubmit, children, ...root }: DialogShellProps) {
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
      {closable && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Close" />
        </Dialog.CloseTrigger>
      )}
    </>
  );
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} {...root}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={inset ? '4' : undefined}>
          <Dialog.Content>
            {onSubmit ? (
              <form onSubmit={onSubmit} style={{ display: 'contents' }}>
                {content}
              </form>
            ) : (
              content
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
