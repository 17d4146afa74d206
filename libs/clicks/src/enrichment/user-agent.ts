import UAParser from 'ua-parser-js';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

export interface AgentInfo {
  browser: string | null;
  os: string | null;
  device: string;
  isBot: boolean;
}

/** Browser, OS, device type ('desktop' unless the agent names one) and bot flag, cached per user-agent string. */
export function createAgentLookup(cacheSize = 5_000): (userAgent: string) => AgentInfo {
  const cache = new LRUCache<string, AgentInfo>({ max: cacheSize });
  const parser = new UAParser();
  return (userAgent: string) => {
    const hit = cache.get(userAgent);
    if (hit) return hit;
    parser.setUA(userAgent);
    const r = parser.getResult();
    const info: AgentInfo = {
      browser: r.browser.name || null,
      os: r.os.name || null,
      device: r.device.type || 'desktop',
      isBot: userAgent === '' ? false : isbot(userAgent),
    };
    cache.set(userAgent, info);
    return info;
  };
}
