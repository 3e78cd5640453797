import {
  reportPageSize,
  type ReportRow,
  type ReportSummaryCsvQuery,
  type ReportSummaryResponse,
} from '@casino/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { staffCall } from '../../shared/api/staff-api';

/**
 * The report's pages as the table shows them (decision 095). The server answers pages of
 * `reportPageSize` rows, each after the cursor the previous one named (`next`); the table shows
 * screens of `screenRows` rows, several per server page, so a screen of a page already read
 * needs no request, and the next page is asked with the cursor of the one before it.
 */

/** The report's filters: the summary's query without a cursor. */
export type ReportFilters = ReportSummaryCsvQuery;

/** Rows on one screen of the table. */
export const screenRows = 100;

/** Screens per page of the server. */
export const screensPerPage = Math.max(1, Math.floor(reportPageSize / screenRows));

/** The server page holding a screen's rows (0 for the first) and where they start in it. */
export function screenPlace(screen: number): { page: number; offset: number } {
  return {
    page: Math.floor(screen / screensPerPage),
    offset: (screen % screensPerPage) * screenRows,
  };
}

/** Screens of a report of `totalRows` rows: 1 when it has none (the empty table). */
export function screenCount(totalRows: number): number {
  return Math.max(1, Math.ceil(totalRows / screenRows));
}

/** The cursor of each server page read so far: [null (the first), next of the first, …]. */
export type PageCursors = readonly (string | null)[];

/** The cursors with the `next` of server page `page` recorded (unchanged if already known). */
export function withNext(cursors: PageCursors, page: number, next: string | null): PageCursors {
  if (next === null || cursors[page + 1] === next) return cursors;
  return [...cursors.slice(0, page + 1), next];
}

/** Whether the screen after `screen` can be shown: it exists, and its page's cursor is known. */
export function canShowNext(screen: number, totalRows: number, cursors: PageCursors): boolean {
  if (screen + 1 >= screenCount(totalRows)) return false;
  return cursors[screenPlace(screen + 1).page] !== undefined;
}

export const summaryKey = (filters: ReportFilters, after: string | null) =>
  ['reports', 'summary', filters, after] as const;

/** One page of the summary; the chart and the table share these queries (same keys). */
export function summaryPage(
  filters: ReportFilters,
  after: string | null,
  signal?: AbortSignal,
): Promise<ReportSummaryResponse> {
  return staffCall('reports.summary', {
    query: { ...filters, ...(after === null ? {} : { after }) },
    ...(signal ? { signal } : {}),
  });
}

/** Every row of a report, page after page (the chart's totals: a year is one page). */
export async function allRows(
  client: QueryClient,
  filters: ReportFilters,
): Promise<{ first: ReportSummaryResponse; rows: ReportRow[] }> {
  const read = (after: string | null) =>
    client.fetchQuery({
      queryKey: summaryKey(filters, after),
      queryFn: ({ signal }) => summaryPage(filters, after, signal),
    });
  const first = await read(null);
  const rows = [...first.rows];
  let next = first.next;
  // Bounded: a range of 732 days is at most 2 pages of totals per currency.
  for (let pages = 1; next !== null && pages < 100; pages++) {
    const page = await read(next);
    rows.push(...page.rows);
    next = page.next;
  }
  return { first, rows };
}

/** The table's screens over the server's pages: the current screen's rows and its moves. */
export function useReportPages(filters: ReportFilters) {
  const [screen, setScreen] = useState(0);
  const [cursors, setCursors] = useState<PageCursors>([null]);
  const { page, offset } = screenPlace(screen);
  const after = cursors[page] ?? null;
  const summary = useQuery({
    queryKey: summaryKey(filters, after),
    queryFn: ({ signal }) => summaryPage(filters, after, signal),
  });
  const data = summary.data;
  useEffect(() => {
    if (data) setCursors((known) => withNext(known, page, data.next));
  }, [data, page]);
  const totalRows = data?.total_rows ?? 0;
  const screens = screenCount(totalRows);
  return {
    summary,
    screen,
    screens,
    totalRows,
    rows: data ? data.rows.slice(offset, offset + screenRows) : undefined,
    firstRow: screen * screenRows + 1,
    canPrevious: screen > 0,
    canNext:
      data !== undefined && canShowNext(screen, totalRows, withNext(cursors, page, data.next)),
    previous: () => setScreen((s) => Math.max(0, s - 1)),
    next: () => setScreen((s) => s + 1),
  };
}
