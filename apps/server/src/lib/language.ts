import { defaultLanguage, languages, type Language } from '@casino/contracts';

/**
 * The player's language from an Accept-Language header ("en-GB,en;q=0.9,ru;q=0.5"): the
 * supported language with the highest weight, or the product's default (ru).
 */
export function preferredLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: Language; weight: number } | undefined;
  for (const part of value.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    const language = languages.find((candidate) => candidate === primary);
    if (!language) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? defaultLanguage;
}
