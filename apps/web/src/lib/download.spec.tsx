import { exportFilename } from './download';

describe('exportFilename', () => {
  it("uses the server's filename", () => {
    expect(exportFilename('attachment; filename="performance-2026-11-22.csv"', 'csv', 'performance')).toBe('performance-2026-11-22.csv');
    expect(exportFilename("attachment; filename*=UTF-8''perf%20report.html", 'html', 'performance')).toBe('perf report.html');
  });
  it("falls back to 'performance-<timestamp>.<ext>'", () => {
    expect(exportFilename(null, 'json', 'performance', new Date(1700000000000))).toBe('performance-1700000000000.json');
    expect(exportFilename('attachment', 'csv', 'performance', new Date(5))).toBe('performance-5.csv');
  });
});
