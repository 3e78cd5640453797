export type Language = 'en' | 'ru';

/**
 * The player's language from the protocol's own parameter, else the browser's
 * Accept-Language, else English. Anything but Russian falls back to English.
 */
export function pickLanguage(requested: string | undefined, acceptLanguage?: string): Language {
  const fromParam = requested?.trim().toLowerCase().slice(0, 2);
  if (fromParam === 'ru' || fromParam === 'en') return fromParam;
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase().slice(0, 2);
  return first === 'ru' ? 'ru' : 'en';
}
