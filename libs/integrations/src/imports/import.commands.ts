import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { IMPORT_FORMATS, UUID_PATTERN, type ImportAcceptedDto, type ImportFormat, type ImportResultDto } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { queueImport } from './import-queue.js';
import { insertImport, selectImport } from './import-store.js';
import { parseImport } from './parse-import.js';

/** Nest token of the `imports` queue producer. */
export const IMPORT_QUEUE = Symbol('IMPORT_QUEUE');

/** Parse now (a malformed file is a 400 and nothing is stored), run in the worker. */
export class StartImportCommand extends Command<ImportAcceptedDto> {
  constructor(
    readonly ownerId: string,
    readonly format: string,
    readonly content: string,
    readonly domainId: string | null,
  ) {
    super();
  }
}
@CommandHandler(StartImportCommand)
export class StartImportHandler implements ICommandHandler<StartImportCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(IMPORT_QUEUE) private readonly queue: Queue,
  ) {}
  async execute(cmd: StartImportCommand): Promise<ImportAcceptedDto> {
    if (!IMPORT_FORMATS.includes(cmd.format as ImportFormat)) throw IntegrationsErrors.importFormat();
    const format = cmd.format as ImportFormat;
    if (cmd.domainId !== null && !(await isUsableDomain(this.dataSource, cmd.ownerId, cmd.domainId))) throw IntegrationsErrors.importDomain();
    const rows = parseImport(format, cmd.content);
    const id = randomUUID();
    await insertImport(this.dataSource, { id, ownerId: cmd.ownerId, format, domainId: cmd.domainId, rows });
    await queueImport(this.queue, id);
    return { id };
  }
}

/** The owner's own verified (active) domain; unknown, others' and pending ones alike are not (no leak). */
async function isUsableDomain(dataSource: DataSource, ownerId: string, domainId: string): Promise<boolean> {
  if (!UUID_PATTERN.test(domainId)) return false;
  const rows = await dataSource.query('SELECT 1 FROM domains WHERE id = $1 AND owner_id = $2 AND is_active', [domainId, ownerId]);
  return rows.length > 0;
}

export class GetImportQuery extends Query<ImportResultDto> {
  constructor(
    readonly ownerId: string,
    readonly importId: string,
  ) {
    super();
  }
}
@QueryHandler(GetImportQuery)
export class GetImportHandler implements IQueryHandler<GetImportQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(q: GetImportQuery): Promise<ImportResultDto> {
    const result = await selectImport(this.dataSource, q.ownerId, q.importId);
    if (!result) throw IntegrationsErrors.importNotFound();
    return result;
  }
}
