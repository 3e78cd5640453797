import { gameCategories, type GameCategory } from '@casino/contracts';

/**
 * Lenient readers for catalog fields: providers add, rename and omit fields over time, and
 * one odd entry must not cost the whole catalog.
 */

export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function flag(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  return fallback;
}

/** 0–100, whole. */
export function popularityOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n)));
}

/** Games with no popularity flag of their own count as top from this popularity on. */
export const topPopularity = 70;

export function categoryOf(value: unknown): GameCategory | undefined {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (gameCategories as readonly string[]).includes(v) ? (v as GameCategory) : undefined;
}

/** The date part of an ISO date or timestamp, or null. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** A base that only parses same-origin paths; never part of a link we hand out. */
const sameOriginBase = 'http://same-origin.invalid';

/**
 * A path on the site's own origin ("/studios/…"): what the built-in studios link to when
 * PUBLIC_URL is unset, so that the links work at whatever address the page was opened (issue
 * 25). Not "//host" or "/\\host", which a browser reads as another host.
 */
function isSameOriginPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value);
}

/**
 * Only http(s) links, or paths on our own origin, become image, demo or game URLs: a catalog
 * must not inject javascript: URLs.
 */
export function httpLink(value: unknown): string | undefined {
  const v = text(value);
  if (!v) return undefined;
  try {
    if (isSameOriginPath(v)) {
      const url = new URL(v, sameOriginBase);
      return url.origin === sameOriginBase ? `${url.pathname}${url.search}${url.hash}` : undefined;
    }
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The link (absolute, or a same-origin path kept as one) with these query parameters set. */
export function withQuery(link: string, params: Record<string, string>): string {
  const url = new URL(link, sameOriginBase);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.origin === sameOriginBase && isSameOriginPath(link)
    ? `${url.pathname}${url.search}${url.hash}`
    : url.toString();
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
