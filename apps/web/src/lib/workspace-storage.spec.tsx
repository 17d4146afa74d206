import { storeWorkspaceId, withWorkspace } from './workspace-storage';

describe('withWorkspace: the chosen workspace on every workspace-scoped call', () => {
  afterEach(() => storeWorkspaceId(null));

  it('adds nothing for the personal workspace (no choice stored)', () => {
    expect(withWorkspace('/api/links?timezoneOffset=0')).toBe('/api/links?timezoneOffset=0');
  });

  it('adds workspaceId to scoped paths, with or without a query string, and to nothing else', () => {
    storeWorkspaceId('w-1');
    expect(withWorkspace('/api/links')).toBe('/api/links?workspaceId=w-1');
    expect(withWorkspace('/api/links?timezoneOffset=0')).toBe('/api/links?timezoneOffset=0&workspaceId=w-1');
    expect(withWorkspace('/api/analytics/stats?timezoneOffset=0')).toBe('/api/analytics/stats?timezoneOffset=0&workspaceId=w-1');
    expect(withWorkspace('/api/links/abc/analytics')).toBe('/api/links/abc/analytics?workspaceId=w-1');
    expect(withWorkspace('/api/api-keys')).toBe('/api/api-keys?workspaceId=w-1');
    for (const path of ['/api/auth/me', '/api/workspaces', '/api/admin/users', '/api/links/by-code/abc', '/api/linksx', '/api/invitations/t/accept'])
      expect(withWorkspace(path)).toBe(path);
    expect(withWorkspace('/api/links?workspaceId=w-2')).toBe('/api/links?workspaceId=w-2');
  });
});
