import { Popover, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PickerPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placement: 'bottom-start' | 'bottom-end';
  /** The button that opens it. */
  trigger: ReactNode;
  /** Names the panel when nothing in it does. */
  label?: string;
  arrow?: boolean;
  /** The panel's actions (Cancel, Apply): always in view under the body, which scrolls when the screen is short. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A panel for picking something (a date range) under its trigger button; mounted only while open, never wider or taller
 * than the screen (on a phone its body scrolls and the footer's actions stay in view).
 */
export function PickerPopover({ open, onOpenChange, placement, trigger, label, arrow = false, footer, children }: PickerPopoverProps) {
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      positioning={{ placement, overflowPadding: 8, fitViewport: true }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="auto" maxW="calc(100vw - 1rem)" aria-label={label}>
            {arrow && <Popover.Arrow />}
            <Popover.Body overflowY="auto" minH="0" overscrollBehavior="contain">
              {children}
            </Popover.Body>
            {footer && (
              <Popover.Footer justifyContent="flex-end" gap="2" pt="3" borderTopWidth="1px">
                {footer}
              </Popover.Footer>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
