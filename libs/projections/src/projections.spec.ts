import type { AppConfig } from '@app/config';
import { projectionsInOrder, type ProjectionDeps } from './projections.js';

// The registry only stores its dependencies at construction, so inert ones suffice to read its order.
const deps = {
  config: { redisPrefix: 'lp' } as AppConfig,
  dataSource: {},
  redis: {},
  deliverWebhooks: async () => undefined,
} as unknown as ProjectionDeps;

describe('projection registry', () => {
  const projections = projectionsInOrder(deps);
  const names = projections.map((p) => p.name);

  it('lists every read model once, in the order events are applied', () => {
    expect(names).toEqual(['users', 'workspaces', 'links', 'domains', 'shares', 'webhook-outbox']);
  });

  it('applies links before domains (user-deleted reads link domains before the domain rows go)', () => {
    expect(names.indexOf('links')).toBeLessThan(names.indexOf('domains'));
    const userDeleted = projections.filter((p) => p.handles('user-deleted')).map((p) => p.name);
    expect(userDeleted).toEqual(expect.arrayContaining(['links', 'domains']));
  });

  it('empties a deleted workspace everywhere it holds something (docs/architecture.md "Workspaces")', () => {
    const emptied = projections.filter((p) => p.handles('workspace-deleted')).map((p) => p.name);
    expect(emptied).toEqual(['workspaces', 'links', 'domains', 'shares', 'webhook-outbox']);
    expect(projections.filter((p) => p.handles('user-deleted')).map((p) => p.name)).toEqual(['users', ...emptied]);
  });

  it('writes webhook deliveries after every read model (link events only)', () => {
    expect(names[names.length - 1]).toBe('webhook-outbox');
  });

  it('gives each read-model table exactly one owning projection', () => {
    const tables = projections.flatMap((p) => p.tables);
    expect(new Set(tables).size).toBe(tables.length);
  });
});
