import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { AuditTable } from './audit-table';

interface Filters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

const none: Filters = { actor: '', action: '', target: '', from: '', to: '' };

/** YYYY-MM-DD (UTC) to the API's date-times: from the day's start to the next day's start. */
function dayBounds(filters: Filters) {
  const start = (day: string) => new Date(`${day}T00:00:00Z`).toISOString();
  const end = (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString();
  };
  return {
    actor: filters.actor.trim() || undefined,
    action: filters.action.trim() || undefined,
    target: filters.target.trim() || undefined,
    from: filters.from ? start(filters.from) : undefined,
    to: filters.to ? end(filters.to) : undefined,
  };
}

/** The audit log: who did what to whom, when, from where; searchable, never editable. */
export default function AuditPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.audit'));
  const id = useId();
  const [draft, setDraft] = useState<Filters>(none);
  const [filters, setFilters] = useState<Filters>(none);
  const query = dayBounds(filters);
  const audit = useInfiniteQuery({
    queryKey: ['audit', query],
    queryFn: ({ pageParam, signal }) =>
      staffCall('audit.search', { query: { ...query, limit: 50, before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const field = (name: keyof Filters, type = 'text') => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {t(`audit.filters.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.audit')}</h1>
      </div>
      <form
        className="toolbar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        {field('actor')}
        {field('action')}
        {field('target')}
        {field('from', 'date')}
        {field('to', 'date')}
        <button type="submit" className="btn btn-accent">
          {t('common.search')}
        </button>
      </form>
      <AuditTable query={audit} caption={t('nav.audit')} />
    </section>
  );
}
