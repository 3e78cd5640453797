/**
 * Amounts come from the server as exact decimal strings ("1234.50"): they are shown as they
 * are, grouped, never through a float.
 */
export function formatMoney(amount: string | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const cents = fraction.padEnd(2, '0');
  return `${negative ? '−' : ''}${grouped}.${cents} ${currency}`;
}

export function formatDateTime(value: string | number | Date | null | undefined, language: string) {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** "3 h 5 min" style age of a queue item, in the interface language. */
export function formatAge(from: string | Date, language: string, now = Date.now()): string {
  const start = from instanceof Date ? from.getTime() : Date.parse(from);
  if (Number.isNaN(start)) return '—';
  const minutes = Math.max(0, Math.floor((now - start) / 60_000));
  const ru = language === 'ru';
  if (minutes < 60) return ru ? `${minutes} мин` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return ru ? `${hours} ч ${minutes % 60} мин` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return ru ? `${days} дн ${hours % 24} ч` : `${days} d ${hours % 24} h`;
}
