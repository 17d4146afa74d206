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
  children: ReactNode;
}

/** A panel for picking something (a date range) under its trigger button; mounted only while open, never wider than the screen. */
export function PickerPopover({ open, onOpenChange, placement, trigger, label, arrow = false, children }: PickerPopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} positioning={{ placement }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="auto" maxW="calc(100vw - 1rem)" aria-label={label}>
            {arrow && <Popover.Arrow />}
            <Popover.Body>{children}</Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
