import { reportPageSize } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import {
  canShowNext,
  screenCount,
  screenPlace,
  screenRows,
  screensPerPage,
  withNext,
} from './report-pages';

describe('the report table’s screens over the server’s pages', () => {
  it('shows 100 rows a screen, several screens per server page', () => {
    expect(screenRows).toBe(100);
    expect(screensPerPage * screenRows).toBe(reportPageSize);
    expect(screenPlace(0)).toEqual({ page: 0, offset: 0 });
    expect(screenPlace(screensPerPage - 1)).toEqual({
      page: 0,
      offset: reportPageSize - screenRows,
    });
    expect(screenPlace(screensPerPage)).toEqual({ page: 1, offset: 0 });
    expect(screenPlace(screensPerPage * 3 + 2)).toEqual({ page: 3, offset: 200 });
  });

  it('counts the screens of a report, one for an empty one', () => {
    expect(screenCount(0)).toBe(1);
    expect(screenCount(1)).toBe(1);
    expect(screenCount(100)).toBe(1);
    expect(screenCount(101)).toBe(2);
    // A year of per-game days (decision 076's bench).
    expect(screenCount(44_165)).toBe(442);
  });

  it('records where each server page starts, once', () => {
    const first = withNext([null], 0, 'cursor-1');
    expect(first).toEqual([null, 'cursor-1']);
    expect(withNext(first, 0, 'cursor-1')).toBe(first);
    expect(withNext(first, 1, 'cursor-2')).toEqual([null, 'cursor-1', 'cursor-2']);
    // The last page has no next.
    expect(withNext(first, 1, null)).toBe(first);
  });

  it('moves to the next screen only when it exists and its page can be asked', () => {
    const total = reportPageSize + 50;
    // Within the first page: no cursor needed.
    expect(canShowNext(0, total, [null])).toBe(true);
    // The first screen of the second page needs the first page's next.
    expect(canShowNext(screensPerPage - 1, total, [null])).toBe(false);
    expect(canShowNext(screensPerPage - 1, total, [null, 'cursor-1'])).toBe(true);
    // The last screen has none after it.
    expect(canShowNext(screensPerPage, total, [null, 'cursor-1'])).toBe(false);
    expect(canShowNext(0, 0, [null])).toBe(false);
  });
});
