import { Box, Button, Text } from '@chakra-ui/react';
import { RowCard } from '../../../components/ui/RowCard';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

interface ActionCardProps {
  label: string;
  description: string;
  confirmTitle: string;
  confirmText: ReactNode;
  busy: boolean;
  lastResult: string | undefined;
  run: (done: () => void) => void;
}

/** One maintenance action: what it does, a button behind a confirmation, and what it did last. */
export function ActionCard({ label, description, confirmTitle, confirmText, busy, lastResult, run }: ActionCardProps) {
  const [open, setOpen] = useState(false);
  return (
    <RowCard align={{ base: 'stretch', md: 'center' }}>
      <Box minW="0">
        <Text fontWeight="semibold">{label}</Text>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
        {lastResult && (
          <Text fontSize="sm" color="green.fg" mt="1" data-testid="action-result">
            {lastResult}
          </Text>
        )}
      </Box>
      <Button flexShrink={0} variant="outline" loading={busy} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={confirmTitle}
        confirmLabel={label}
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => run(() => setOpen(false))}
      >
        {confirmText}
      </ConfirmDialog>
    </RowCard>
  );
}
