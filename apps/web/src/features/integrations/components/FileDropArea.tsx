import { Box, Button, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { type DragEvent, useRef, useState } from 'react';

/** '512 B', '3.4 kB', '1.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The largest file the import accepts (the api's body limit on this route). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

interface FileDropAreaProps {
  chosen: { name: string; size: number } | null;
  onFile: (file: File) => void;
  onClear: () => void;
}

/** A drop zone for one file, with a 'Choose file' button for those who don't drag. */
export function FileDropArea({ chosen, onFile, onClear }: FileDropAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files?.[0];
    if (file) onFile(file);
  };
  return (
    <Box
      data-testid="file-drop-area"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.solid' : 'border'}
      bg={over ? 'blue.subtle' : 'bg.subtle'}
      borderRadius="md"
      p="6"
      textAlign="center"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Text fontWeight="medium">Drag and drop an export file here</Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        CSV or JSON, up to 20 MB
      </Text>
      <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
        Choose file
      </Button>
      <VisuallyHidden>
        <input
          ref={input}
          type="file"
          aria-label="Import file"
          accept=".csv,.json,.txt,text/csv,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
      </VisuallyHidden>
      {chosen && (
        <HStack mt="3" justify="center" gap="2" wrap="wrap" data-testid="chosen-file">
          <Text fontSize="sm" wordBreak="break-all">{`Selected: ${chosen.name} (${formatBytes(chosen.size)})`}</Text>
          <Button size="xs" variant="ghost" onClick={onClear}>
            Remove
          </Button>
        </HStack>
      )}
    </Box>
  );
}
