import {
  reportGroupings,
  reportMaxDays,
  reportPeriods,
  reportSummaryQuerySchema,
  type ReportSummaryQuery,
} from '@casino/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall, staffUrl } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { ErrorState, Skeleton } from '../../shared/ui/states';
import { chartData, periodStarts } from './chart-series';
import { LiabilityCard } from './liability-card';
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
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.reports'));
  const id = useId();
  const initial: ReportSummaryQuery = {
    from: localDate(6),
    to: localDate(),
    period: 'day',
    by: 'all',
  };
  const [draft, setDraft] = useState<ReportSummaryQuery>(initial);
  const [query, setQuery] = useState<ReportSummaryQuery>(initial);
  const [invalid, setInvalid] = useState(false);
  const queryClient = useQueryClient();
  const summary = useQuery({
    queryKey: ['reports', 'summary', query],
    queryFn: ({ signal }) => staffCall('reports.summary', { query, signal }),
  });
  const chart = useMemo(() => {
    const answer = summary.data;
    if (!answer) return chartData([], []);
    return chartData(answer.rows, periodStarts(answer.from, answer.to, answer.period));
  }, [summary.data]);
  const label = (name: string) => `${id}-${name}`;
  const select = <K extends 'period' | 'by'>(
    name: K,
    options: readonly ReportSummaryQuery[K][],
    text: (option: ReportSummaryQuery[K]) => string,
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
        onChange={(event) =>
          setDraft({ ...draft, [name]: event.target.value as ReportSummaryQuery[K] })
        }
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
  const data = summary.data;
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.reports')}</h1>
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
      </div>
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = reportSummaryQuerySchema.safeParse(draft);
          setInvalid(!parsed.success);
          if (!parsed.success) return;
          setQuery(parsed.data);
          // Show again: the figures as the summaries job has them now, not from the cache.
          void queryClient.invalidateQueries({ queryKey: ['reports'] });
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
      {summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <div className="report-layout">
          <div className="card">
            <h2 className="card-title">{t('reports.chartTitle')}</h2>
            {!data ? (
              <Skeleton lines={6} />
            ) : data.rows.length === 0 ? (
              <p className="muted">{t('reports.empty')}</p>
            ) : (
              <Suspense fallback={<Skeleton lines={6} label={t('reports.chartLoading')} />}>
                <ReportChart
                  data={chart}
                  period={data.period}
                  label={t('reports.chartLabel', {
                    period: t(`reports.periods.${data.period}`),
                    from: data.from,
                    to: data.to,
                  })}
                />
              </Suspense>
            )}
          </div>
          <div className="card">
            <h2 className="card-title">{t('reports.tableTitle')}</h2>
            {data ? (
              <ReportTable key={JSON.stringify(query)} rows={data.rows} by={data.by} />
            ) : (
              <Skeleton lines={6} />
            )}
          </div>
        </div>
      )}
      <LiabilityCard at={query.to} />
    </section>
  );
}
