import { statusTone } from './status-color';

describe('statusTone', () => {
  it('follows docs/product.md#states-and-transitions', () => {
    expect(statusTone('healthy')).toBe('success');
    expect(statusTone('connected')).toBe('success');
    expect(statusTone('unhealthy')).toBe('failure');
    expect(statusTone('disconnected')).toBe('failure');
    expect(statusTone('degraded')).toBe('neutral');
    expect(statusTone(undefined)).toBe('neutral');
  });
});
