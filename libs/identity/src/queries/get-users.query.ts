import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { UserDto } from '@app/contracts';
import { rowToUserDto, USER_COLUMNS, type UserRow } from './user-read-store.js';

/** Every account for User Management: newest first. `pendingOnly` gives the approval queue, oldest first. */
export class GetUsersQuery extends Query<UserDto[]> {
  constructor(readonly pendingOnly = false) {
    super();
  }
}

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(q: GetUsersQuery): Promise<UserDto[]> {
    const sql = q.pendingOnly
      ? `SELECT ${USER_COLUMNS} FROM users WHERE NOT is_approved ORDER BY created_at, username`
      : `SELECT ${USER_COLUMNS} FROM users ORDER BY created_at DESC, username`;
    const rows = await this.dataSource.query<UserRow[]>(sql);
    return rows.map(rowToUserDto);
  }
}
