import { Command } from '@nestjs/cqrs';
import { type ImportAcceptedDto, type ImportPreviewDto } from '@app/contracts';
import type { ImportActor } from './import-store.js';

/**
 * Parse now, on a thread of its own (a malformed file is a 400 and nothing is stored), then either answer the preview
 * (`dryRun`) or store the rows and run the import in the worker. `content` is a JSON body's text or an upload's bytes.
 */
export class StartImportCommand extends Command<ImportAcceptedDto | ImportPreviewDto> {
  constructor(
    readonly ownerId: string,
    readonly format: string,
    readonly content: string | Uint8Array,
    readonly domainId: string | null,
    readonly dryRun = false,
    /** Who starts it: its links' events name them in the workspace's activity. */
    readonly startedBy?: ImportActor,
  ) {
    super();
  }
}
