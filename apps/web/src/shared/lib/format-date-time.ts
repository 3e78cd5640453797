import type { Language } from '@casino/contracts';
import { formatDate, invalidValue, toCalendarDate } from './format';

/*
 * Date and time of SPEC §9's formatting, kept apart from format.ts: only lazily loaded pages
 * (the balance page's statement) show times, so this stays out of the first download.
 */

/** The local clock time: en "11:21 AM" (12-hour), ru "11:21" (24-hour). */
function formatClock(date: Date, language: Language): string {
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const hours = date.getHours();
  switch (language) {
    case 'en':
      return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
    case 'ru':
      return `${String(hours).padStart(2, '0')}:${minutes}`;
  }
}

/** A moment in the reader's local time: en "Sep 17, 2023, 11:21 AM", ru "17 сент. 2023, 11:21". */
export function formatDateTime(value: string | number | Date, language: Language): string {
  const date = toCalendarDate(value);
  if (!date) return invalidValue;
  return `${formatDate(date, language)}, ${formatClock(date, language)}`;
}
