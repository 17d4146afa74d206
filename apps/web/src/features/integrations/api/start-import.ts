import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import type { CreateImportRequest, ImportAcceptedDto, ImportFormat, ImportPreviewDto } from '@app/contracts';

/** A chosen file is uploaded as it is (multipart field `file`); pasted text goes as JSON `content`. */
export type StartImportInput = Omit<CreateImportRequest, 'content' | 'dryRun'> & ({ file: File } | { content: string });

/** POST /api/imports: with dryRun the preview (200), nothing changed; without, 202 {id} and the import runs as a job. */
function sendImport<T>(input: StartImportInput, dryRun: boolean): Promise<T> {
  if (!('file' in input)) return apiSend<T>('POST', '/api/imports', { ...input, ...(dryRun ? { dryRun } : {}) });
  const form = new FormData();
  form.append('format', input.format satisfies ImportFormat);
  if (input.domainId) form.append('domainId', input.domainId);
  if (dryRun) form.append('dryRun', 'true');
  form.append('file', input.file, input.file.name);
  return apiSend<T>('POST', '/api/imports', form);
}

export const startImport = (input: StartImportInput) => sendImport<ImportAcceptedDto>(input, false);
export const previewImport = (input: StartImportInput) => sendImport<ImportPreviewDto>(input, true);

export const useStartImport = apiMutationHook({ mutationFn: startImport, failure: ['Import Failed', 'Failed to start the import'] });

export const usePreviewImport = apiMutationHook({ mutationFn: previewImport, failure: ['Import Failed', 'Failed to read the file'] });
