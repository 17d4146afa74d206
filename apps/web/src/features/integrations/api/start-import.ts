import { useMutation } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import type { CreateImportRequest, ImportAcceptedDto, ImportFormat } from '@app/contracts';

/** A chosen file is uploaded as it is (multipart field `file`); pasted text goes as JSON `content`. */
export type StartImportInput = Omit<CreateImportRequest, 'content'> & ({ file: File } | { content: string });

/** POST /api/imports → 202 {id}; the import runs as a background job. */
export function startImport(input: StartImportInput): Promise<ImportAcceptedDto> {
  if (!('file' in input)) return apiSend<ImportAcceptedDto>('POST', '/api/imports', input);
  const form = new FormData();
  form.append('format', input.format satisfies ImportFormat);
  if (input.domainId) form.append('domainId', input.domainId);
  form.append('file', input.file, input.file.name);
  return apiSend<ImportAcceptedDto>('POST', '/api/imports', form);
}

export function useStartImport() {
  return useMutation({
    mutationFn: startImport,
    onError: (error) => notify.error('Import Failed', serverMessage(error) || 'Failed to start the import'),
  });
}
