import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { type ImportResultDto } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { selectImport } from './import-store.js';

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
