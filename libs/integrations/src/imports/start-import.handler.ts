import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  IMPORT_FORMATS,
  UUID_PATTERN,
  type ImportAcceptedDto,
  type ImportFormat,
  type ImportPreviewDto,
  type ImportSkippedRow,
} from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { queueImport } from './import-queue.js';
import { hasRunningImport, insertImport } from './import-store.js';
import { importedLinkRequest, rowSkipReason } from './import-request.js';
import type { ParsedImport } from './parse-import.js';
import { parseOffThread } from './parse-off-thread.js';
import { StartImportCommand } from './start-import.command.js';
import { CHECK_IMPORTED_LINKS, IMPORT_QUEUE, type CheckImportedLinks } from './import-ports.js';

/** The owner's own verified (active) domain; unknown, others' and pending ones alike are not (no leak). */
async function isUsableDomain(dataSource: DataSource, ownerId: string, domainId: string): Promise<boolean> {
  if (!UUID_PATTERN.test(domainId)) return false;
  const rows = await dataSource.query<unknown[]>('SELECT 1 FROM domains WHERE id = $1 AND owner_id = $2 AND is_active', [domainId, ownerId]);
  return rows.length > 0;
}
@CommandHandler(StartImportCommand)
export class StartImportHandler implements ICommandHandler<StartImportCommand> {
  /** Owners whose file this api instance is reading now (one at a time each; the database holds one running import). */
  private readonly reading = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(IMPORT_QUEUE) private readonly queue: Queue,
    @Inject(CHECK_IMPORTED_LINKS) private readonly checkLinks: CheckImportedLinks,
  ) {}

  async execute(cmd: StartImportCommand): Promise<ImportAcceptedDto | ImportPreviewDto> {
    if (!IMPORT_FORMATS.includes(cmd.format as ImportFormat)) throw IntegrationsErrors.importFormat();
    const format = cmd.format as ImportFormat;
    if (cmd.domainId !== null && !(await isUsableDomain(this.dataSource, cmd.ownerId, cmd.domainId))) throw IntegrationsErrors.importDomain();
    if (this.reading.has(cmd.ownerId) || (!cmd.dryRun && (await hasRunningImport(this.dataSource, cmd.ownerId))))
      throw IntegrationsErrors.importRunning();
    this.reading.add(cmd.ownerId);
    let parsed: ParsedImport;
    try {
      parsed = await parseOffThread(format, cmd.content);
    } finally {
      this.reading.delete(cmd.ownerId);
    }
    if (cmd.dryRun) return this.preview(cmd, parsed);
    const id = randomUUID();
    await insertImport(this.dataSource, { id, ownerId: cmd.ownerId, format, domainId: cmd.domainId, ...parsed, startedBy: cmd.startedBy });
    await queueImport(this.queue, id);
    return { id };
  }

  /** What the import would create and skip now, changing nothing (the same rules as the import itself). */
  private async preview(cmd: StartImportCommand, parsed: ParsedImport): Promise<ImportPreviewDto> {
    const skipped: ImportSkippedRow[] = [];
    const toCheck = parsed.rows.filter((r) => {
      const reason = rowSkipReason(r);
      if (reason) skipped.push({ row: r.row, reason });
      return !reason;
    });
    const reasons = toCheck.length
      ? await this.checkLinks(
          cmd.ownerId,
          toCheck.map((r) => importedLinkRequest(r, cmd.domainId, parsed.shape)),
        )
      : [];
    reasons.forEach((reason, i) => reason !== null && skipped.push({ row: toCheck[i].row, reason }));
    skipped.sort((a, b) => a.row - b.row);
    return { total: parsed.rows.length, wouldCreate: parsed.rows.length - skipped.length, skipped, notes: parsed.notes, shape: parsed.shape };
  }
}
