import { describe, expect, it } from 'vitest';
import { invalidValue } from './format';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it('adds the local time: 12-hour in English, 24-hour in Russian', () => {
    const morning = new Date(2023, 8, 17, 11, 21);
    expect(formatDateTime(morning.toISOString(), 'en')).toBe('Sep 17, 2023, 11:21 AM');
    expect(formatDateTime(morning.toISOString(), 'ru')).toBe('17 сент. 2023, 11:21');
    const evening = new Date(2024, 4, 9, 21, 5);
    expect(formatDateTime(evening, 'en')).toBe('May 9, 2024, 9:05 PM');
    expect(formatDateTime(evening, 'ru')).toBe('9 мая 2024, 21:05');
  });

  it('writes midnight and noon as 12 in English', () => {
    expect(formatDateTime(new Date(2024, 0, 1, 0, 0), 'en')).toBe('Jan 1, 2024, 12:00 AM');
    expect(formatDateTime(new Date(2024, 0, 1, 12, 30), 'en')).toBe('Jan 1, 2024, 12:30 PM');
    expect(formatDateTime(new Date(2024, 0, 1, 0, 7), 'ru')).toBe('1 янв. 2024, 00:07');
  });

  it('gives the dash for a bad value', () => {
    expect(formatDateTime('not a date', 'en')).toBe(invalidValue);
    expect(formatDateTime('', 'ru')).toBe(invalidValue);
  });
});
