import {
  reportGroupings,
  reportMaxDays,
  reportPeriods,
  reportSummaryCsvQuerySchema,
} from '@casino/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffUrl } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { ErrorState, Skeleton } from '../../shared/ui/states';
import { chartData, periodStarts } from './chart-series';
import { LiabilityCard } from './liability-card';
import { allRows, useReportPages, type ReportFilters } from './report-pages';
import { ReportPager } from './report-pager';
import { ReportTable } from './report-table';
import './reports.css';

// The charting library is a chunk of its own, fetched only when a report is drawn (decision 085).
const ReportChart = lazy(() => import('./report-chart'));

/** A local date YYYY-MM-DD, `daysAgo` before today in this browser. */
export function localDate(daysAgo = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The finance report: a period and grouping picked, a chart, its figures, the liability, CSV. */
export default function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.reports'));
  const id = useId();
  const initial: ReportFilters = {
    from: localDate(6),
    to: localDate(),
    period: 'day',
    by: 'all',
  };
  const [draft, setDraft] = useState<ReportFilters>(initial);
  const [query, setQuery] = useState<ReportFilters>(initial);
  // Each Show starts the report again at its first page.
  const [shown, setShown] = useState(0);
  const [invalid, setInvalid] = useState(false);
  const queryClient = useQueryClient();
  const label = (name: string) => `${id}-${name}`;
  const select = <K extends 'period' | 'by'>(
    name: K,
    options: readonly ReportFilters[K][],
    text: (option: ReportFilters[K]) => string,
  ) => (
    <div className="field">
      <label className="field-label" htmlFor={label(name)}>
        {t(`reports.${name}`)}
      </label>
      <select
        id={label(name)}
        className="select"
        data-testid={`report-${name}`}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value as ReportFilters[K] })}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </select>
    </div>
  );
  const date = (name: 'from' | 'to') => (
    <div className="field">
      <label className="field-label" htmlFor={label(name)}>
        {t(`common.${name}`)}
      </label>
      <input
        id={label(name)}
        className="input"
        type="date"
        required
        data-testid={`report-${name}`}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.reports')}</h1>
      </div>
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = reportSummaryCsvQuerySchema.safeParse(draft);
          setInvalid(!parsed.success);
          if (!parsed.success) return;
          setQuery(parsed.data);
          setShown((n) => n + 1);
          // Show again: the figures as the summaries job has them now, not from the cache.
          void queryClient.invalidateQueries({ queryKey: ['reports'], refetchType: 'none' });
        }}
      >
        {select('period', reportPeriods, (p) => t(`reports.periods.${p}`))}
        {date('from')}
        {date('to')}
        {select('by', reportGroupings, (g) => t(`reports.groupings.${g}`))}
        <button type="submit" className="btn btn-accent" data-testid="report-show">
          {t('reports.show')}
        </button>
        <a
          className="btn btn-secondary"
          href={staffUrl('reports.summary.csv', {}, query)}
          download={`report-${query.by}-${query.period}-${query.from}-${query.to}.csv`}
          data-testid="report-csv"
        >
          <Download size={16} aria-hidden="true" />
          {t('reports.csv')}
        </a>
      </form>
      {invalid ? (
        <p className="banner banner-error" role="alert">
          {t('reports.badRange', { days: reportMaxDays })}
        </p>
      ) : null}
      <ReportView key={shown} filters={query} />
      <LiabilityCard at={query.to} />
    </section>
  );
}

/**
 * The report of the filters: what it covers, the chart of every period's totals, and the
 * table a screen at a time (report-pages.ts, decision 095).
 */
function ReportView({ filters }: { filters: ReportFilters }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const pages = useReportPages(filters);
  // The chart draws each period's total over every group, as it did before the table paged:
  // the report by=all, every page of it (shared with the table's queries for a total).
  const totals = useQuery({
    queryKey: ['reports', 'totals', filters.period, filters.from, filters.to],
    queryFn: () => allRows(queryClient, { ...filters, by: 'all' }),
  });
  const chart = useMemo(() => {
    const answer = totals.data;
    if (!answer) return chartData([], []);
    const { from, to, period } = answer.first;
    return chartData(answer.rows, periodStarts(from, to, period));
  }, [totals.data]);
  const data = pages.summary.data;
  const failed = pages.summary.isError ? pages.summary : totals.isError ? totals : undefined;
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  return (
    <>
      {data ? (
        <div className="report-meta muted" data-testid="report-meta">
          <span data-testid="report-time-zone">
            {t('reports.timeZone', { zone: data.time_zone })}
          </span>
          <span>{t('reports.covered', { from: data.from, to: data.to })}</span>
          <span>
            {data.summarised_through.at
              ? t('reports.summarisedThrough', {
                  at: formatDateTime(data.summarised_through.at, i18n.language),
                })
              : t('reports.notSummarised')}
          </span>
        </div>
      ) : null}
      <div className="report-layout">
        <div className="card">
          <h2 className="card-title">{t('reports.chartTitle')}</h2>
          {!totals.data ? (
            <Skeleton lines={6} />
          ) : totals.data.rows.length === 0 ? (
            <p className="muted">{t('reports.empty')}</p>
          ) : (
            <Suspense fallback={<Skeleton lines={6} label={t('reports.chartLoading')} />}>
              <ReportChart
                data={chart}
                period={totals.data.first.period}
                label={t('reports.chartLabel', {
                  period: t(`reports.periods.${totals.data.first.period}`),
                  from: totals.data.first.from,
                  to: totals.data.first.to,
                })}
              />
            </Suspense>
          )}
          {filters.by === 'all' ? null : (
            <p className="muted" data-testid="report-chart-note">
              {t('reports.chartTotals')}
            </p>
          )}
        </div>
        <div className="card">
          <h2 className="card-title">{t('reports.tableTitle')}</h2>
          {data && pages.rows ? (
            <ReportTable
              rows={pages.rows}
              by={data.by}
              pager={
                <ReportPager
                  screen={pages.screen}
                  screens={pages.screens}
                  canPrevious={pages.canPrevious}
                  canNext={pages.canNext}
                  onPrevious={pages.previous}
                  onNext={pages.next}
                />
              }
            />
          ) : (
            <Skeleton lines={6} />
          )}
        </div>
      </div>
    </>
  );
}
