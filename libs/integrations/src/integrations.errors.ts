import { AppError, IMPORT_FORMATS, WEBHOOK_EVENTS } from '@app/contracts';

/** Every webhook and import error a client can see. */
export const IntegrationsErrors = {
  webhookNotFound: () => new AppError(404, 'Webhook not found.', 'WEBHOOK_NOT_FOUND'),
  webhookUrl: () => new AppError(400, 'url must be an absolute http:// or https:// address of at most 2048 characters.', 'WEBHOOK_URL'),
  webhookUrlRefused: (detail: string) => new AppError(400, `url is refused: ${detail}. Webhooks only reach public addresses.`, 'WEBHOOK_URL_REFUSED'),
  webhookLimit: (cap: number) => new AppError(409, `A workspace has at most ${cap} webhooks: delete one before adding another.`, 'WEBHOOK_LIMIT'),
  webhookEvents: () => new AppError(400, `events: choose at least one of ${WEBHOOK_EVENTS.join(', ')}.`, 'WEBHOOK_EVENTS'),
  importNotFound: () => new AppError(404, 'Import not found.', 'IMPORT_NOT_FOUND'),
  importFormat: () => new AppError(400, `format must be one of ${IMPORT_FORMATS.join(', ')}.`, 'IMPORT_FORMAT'),
  importEmpty: () => new AppError(400, 'content: the file is empty.', 'IMPORT_EMPTY'),
  importUnreadable: (detail: string) => new AppError(400, `content: the file could not be read as this format (${detail}).`, 'IMPORT_UNREADABLE'),
  importColumns: (format: string, needed: string) =>
    new AppError(400, `content: a ${format} file needs a header row with the column ${needed}.`, 'IMPORT_COLUMNS'),
  importDomain: () => new AppError(400, 'domainId: please choose one of your verified custom domains, or the default domain.', 'IMPORT_DOMAIN'),
  importTooManyRows: (max: number) => new AppError(400, `content: at most ${max} rows per import.`, 'IMPORT_TOO_MANY_ROWS'),
  importTooManyColumns: (max: number) =>
    new AppError(400, `content: the header has more than ${max} columns; no link export has that many.`, 'IMPORT_TOO_MANY_COLUMNS'),
  importTooDeep: (max: number) => new AppError(400, `content: the JSON nests deeper than ${max} levels; no link export does.`, 'IMPORT_TOO_DEEP'),
  importShape: (format: string, kind: 'csv' | 'json', labels: string[], header?: string) =>
    new AppError(
      400,
      kind === 'json'
        ? `content: this file is JSON, but it is none of the shapes the ${format} format takes: ${labels.join('; ')}.`
        : `content: a ${format} file is one of: ${labels.join('; ')}. This CSV's header (${header}) matches none of them.`,
      'IMPORT_SHAPE',
    ),
  importTooSlow: () => new AppError(400, 'content: the file took too long to read (a file this complex is not a link export).', 'IMPORT_TOO_SLOW'),
  importRunning: () =>
    new AppError(409, 'An import of yours is still running or being read: wait for it to finish, then import again.', 'IMPORT_RUNNING'),
};
