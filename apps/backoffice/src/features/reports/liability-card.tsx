import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { formatMoney } from '../../shared/lib/format';
import { QueryView } from '../../shared/ui/states';

/** What the casino owes its players (cash and bonus) at the end of a chosen day. */
export function LiabilityCard({ at }: { at: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [date, setDate] = useState(at);
  // A new report's end date is the liability's date too, until changed here.
  useEffect(() => setDate(at), [at]);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const liability = useQuery({
    queryKey: ['reports', 'liability', date],
    queryFn: ({ signal }) => staffCall('reports.liability', { query: { from: date }, signal }),
    enabled: valid,
  });
  return (
    <div className="card" data-testid="report-liability">
      <div className="card-title">
        <h2 style={{ font: 'inherit' }}>{t('reports.liability')}</h2>
        <div className="field" style={{ fontWeight: 400 }}>
          <label className="field-label" htmlFor={`${id}-at`}>
            {t('reports.liabilityAt')}
          </label>
          <input
            id={`${id}-at`}
            className="input"
            type="date"
            value={date}
            data-testid="report-liability-date"
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
      </div>
      <QueryView query={liability} lines={2}>
        {(data) =>
          data.rows.length === 0 ? (
            <p className="muted">{t('reports.liabilityEmpty')}</p>
          ) : (
            <div
              className="table-wrap"
              role="region"
              aria-label={t('reports.liability')}
              tabIndex={0}
            >
              <table className="table">
                <caption className="visually-hidden">{t('reports.liability')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('reports.liabilityAt')}</th>
                    <th scope="col" className="num">
                      {t('reports.columns.cash')}
                    </th>
                    <th scope="col" className="num">
                      {t('reports.columns.bonus')}
                    </th>
                    <th scope="col" className="num">
                      {t('reports.columns.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => (
                    <tr key={`${row.date}-${row.currency}`}>
                      <td className="nowrap">{row.date}</td>
                      <td className="num">{formatMoney(row.cash, row.currency)}</td>
                      <td className="num">{formatMoney(row.bonus, row.currency)}</td>
                      <td className="num" data-testid="liability-total">
                        {formatMoney(row.total, row.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
    </div>
  );
}
