import type { ClickEvent } from '@app/contracts';

/**
 * Compact click batch (job data `v: 2`), built once per batch instead of one JSON object per click: the repeated
 * strings (links, user agents, referers, hosts, Accept-Language headers) once each in a dictionary, then one line per
 * click `link agent referer host msSinceT0 ip [qr variant [language]]` (dictionary indexes, space-separated; an IP
 * has no space; qr and variant only when the click has either or a language: qr `1`/`0`, the variant index or empty;
 * language only when the visitor sent one, an index into `languages`, which a batch of clicks without one omits).
 * Click i's id is the batch id with its last 32 bits plus i, so a re-delivered job yields the same ids.
 */
export interface CompactClickBatch {
  v: 2;
  batch: string;
  t0: number;
  links: string[];
  agents: string[];
  referers: string[];
  hosts: string[];
  /** Raw Accept-Language headers (absent in batches without any, and in those queued before languages existed). */
  languages?: string[];
  rows: string;
}

class Dictionary {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  of(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
}

/**
 * Builds a compact batch one click at a time (no object per click): the redirector's click thread writes its raw
 * records straight into it. t0 is the first click's instant; a later click may be earlier (negative offset).
 */
export class CompactBatchWriter {
  private readonly links = new Dictionary();
  private readonly agents = new Dictionary();
  private readonly referers = new Dictionary();
  private readonly hosts = new Dictionary();
  private readonly languages = new Dictionary();
  private rows = '';
  private count = 0;
  private t0 = 0;

  /** `variant` is the A/B variant index, or -1 for none; `acceptLanguage` the raw header, '' for none. */
  add(
    linkId: string,
    atMs: number,
    ip: string,
    userAgent: string,
    referer: string,
    host: string,
    qr: boolean,
    variant: number,
    acceptLanguage = '',
  ): void {
    if (this.count++ === 0) this.t0 = atMs;
    else this.rows += '\n';
    this.rows += `${this.links.of(linkId)} ${this.agents.of(userAgent)} ${this.referers.of(referer)} ${this.hosts.of(host)} ${atMs - this.t0} ${ip}`;
    if (qr || variant !== -1 || acceptLanguage !== '') this.rows += ` ${qr ? 1 : 0} ${variant === -1 ? '' : variant}`;
    if (acceptLanguage !== '') this.rows += ` ${this.languages.of(acceptLanguage)}`;
  }

  /** A row that cannot be read: the worker decodes it to a click that fails validation (and counts it invalid). */
  addUnreadable(): void {
    this.rows += this.count++ === 0 ? '-' : '\n-';
  }

  finish(batchId: string): CompactClickBatch {
    const { links, agents, referers, hosts, languages } = this;
    return {
      v: 2,
      batch: batchId,
      t0: this.t0,
      links: links.values,
      agents: agents.values,
      referers: referers.values,
      hosts: hosts.values,
      ...(languages.values.length ? { languages: languages.values } : {}),
      rows: this.rows,
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of click `index` of batch `batchId` (a UUID): its last 32 bits plus the index, modulo 2^32. */
export function clickIdOf(batchId: string, index: number): string {
  return clickIdsOf(batchId)(index);
}

/** clickIdOf for one batch, with the batch id read once. */
function clickIdsOf(batchId: string): (index: number) => string {
  const prefix = batchId.slice(0, 28).toLowerCase();
  const tail = Number.parseInt(batchId.slice(28), 16);
  return (index) => prefix + ((tail + index) % 0x1_0000_0000).toString(16).padStart(8, '0');
}

export type DecodedClickBatch = { ok: true; clicks: unknown[] } | { ok: false; reason: string };

const SHAPE = 'expected a compact batch (v: 2)';

/**
 * The clicks of a job's data, a compact batch (`v: 2`, the only encoding the redirector has sent since the click
 * thread; the older one-object-per-click `{clicks: [...]}` jobs are refused). Each click still goes through
 * parseClickEvent; a row that cannot be read becomes a click that fails it.
 */
export function decodeClickBatch(data: unknown): DecodedClickBatch {
  if (typeof data !== 'object' || data === null) return { ok: false, reason: SHAPE };
  const d = data as Partial<CompactClickBatch>;
  if (d.v !== 2) return { ok: false, reason: SHAPE };
  const { batch, t0, links, agents, referers, hosts, rows } = d;
  const languages = d.languages ?? [];
  if (typeof batch !== 'string' || !UUID.test(batch)) return { ok: false, reason: 'compact batch: batch must be a UUID' };
  if (typeof t0 !== 'number' || !Number.isFinite(t0)) return { ok: false, reason: 'compact batch: t0 must be a number' };
  if (
    !Array.isArray(links) ||
    !Array.isArray(agents) ||
    !Array.isArray(referers) ||
    !Array.isArray(hosts) ||
    !Array.isArray(languages) ||
    typeof rows !== 'string'
  ) {
    return { ok: false, reason: 'compact batch: links, agents, referers, hosts, languages must be arrays and rows a string' };
  }
  if (rows === '') return { ok: true, clicks: [] };
  const lines = rows.split('\n');
  const clicks: unknown[] = new Array(lines.length);
  const idOf = clickIdsOf(batch);
  // Many clicks of a batch share their millisecond: its ISO string is made once.
  let lastMs = NaN;
  let lastAt: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const f = lines[i].split(' ');
    const ms = t0 + Number(f[4]);
    if (ms !== lastMs) {
      lastMs = ms;
      lastAt = Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : undefined;
    }
    const click: Partial<Record<keyof ClickEvent, unknown>> = {
      id: idOf(i),
      linkId: links[Number(f[0])],
      at: f.length === 6 || f.length === 8 || f.length === 9 ? lastAt : undefined,
      ip: f[5],
      userAgent: agents[Number(f[1])],
      referer: referers[Number(f[2])],
      host: hosts[Number(f[3])],
    };
    if (f.length >= 8) {
      if (f[6] === '1') click.qr = true;
      if (f[7] !== '') click.variant = Number(f[7]);
    }
    if (f.length === 9) click.acceptLanguage = languages[Number(f[8])];
    clicks[i] = click;
  }
  return { ok: true, clicks };
}
