import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogShell } from './DialogShell';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A modal question with Cancel and one confirming action. */
export function ConfirmDialog({ open, title, children, confirmLabel, destructive, busy, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={(o) => !o && onClose()}
      role="alertdialog"
      placement="center"
      inset
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette={destructive ? 'red' : undefined} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </DialogShell>
  );
}
