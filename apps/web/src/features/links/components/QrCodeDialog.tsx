import type { LinkDto, QrFormat } from '@app/contracts';
import { Button, Flex, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { DialogShell } from '../../../components/ui/DialogShell';
import { notify } from '../../../lib/toasts';
import { downloadQr, useQrSvg } from '../api/get-qr';
import { shortUrlOf } from '../../../lib/short-url';

/** The link's QR code (the short URL with ?qr=1, so scans are counted as such) with PNG and SVG downloads. */
export function QrCodeDialog({ link, onClose }: { link: LinkDto | null; onClose: () => void }) {
  const qr = useQrSvg(link?.id ?? null);
  const [busy, setBusy] = useState<QrFormat | null>(null);
  const download = async (format: QrFormat) => {
    if (!link) return;
    setBusy(format);
    try {
      await downloadQr(link.id, link.shortCode, format);
    } catch {
      notify.error('Download failed', 'Failed to download the QR code.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <DialogShell
      open={link !== null}
      onOpenChange={(o) => !o && onClose()}
      size="sm"
      placement="center"
      closable
      title="QR code"
      footer={
        <Flex gap="2" w="full" justify="center" wrap="wrap">
          <Button size="sm" colorPalette="blue" onClick={() => void download('png')} loading={busy === 'png'}>
            <Download /> Download PNG
          </Button>
          <Button size="sm" variant="outline" onClick={() => void download('svg')} loading={busy === 'svg'}>
            <Download /> Download SVG
          </Button>
        </Flex>
      }
    >
      <Stack gap="3" align="center">
        {qr.data ? (
          <Image
            src={qr.data}
            alt={`QR code for ${link ? shortUrlOf(link) : ''}`}
            w="256px"
            maxW="full"
            h="auto"
            bg="white"
            p="2"
            borderRadius="md"
            data-testid="qr-image"
          />
        ) : qr.isError ? (
          <Text color="red.fg">Failed to load the QR code.</Text>
        ) : (
          <Spinner size="lg" aria-label="Loading QR code" />
        )}
        {link && (
          <Stack gap="0" textAlign="center" fontSize="sm">
            <Text wordBreak="break-all">{shortUrlOf(link)}</Text>
            <Text color="fg.muted">Scans are counted as QR scans in Link Analytics.</Text>
          </Stack>
        )}
      </Stack>
    </DialogShell>
  );
}
