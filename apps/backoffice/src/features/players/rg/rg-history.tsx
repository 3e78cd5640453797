import type { rgChangeSchema } from '@casino/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDateTime } from '../../../shared/lib/format';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { EmptyState } from '../../../shared/ui/states';
import { actionText, actorText, describeValue } from './rg-values';

type Change = z.infer<typeof rgChangeSchema>;

/** Every change of the player's limits and blocks, newest first: who, when, before, after, why. */
export function RgHistory({ history }: { history: Change[] }) {
  const { t, i18n } = useTranslation();
  const columns = useMemo(() => {
    const col = gridColumns<Change>();
    const has = (key: string) => i18n.exists(key);
    return col.columns([
      col.accessor('created_at', {
        header: () => t('rg.when'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('actor', {
        header: () => t('rg.who'),
        cell: (info) => actorText(info.getValue(), t, has),
      }),
      col.accessor('action', {
        header: () => t('rg.action'),
        cell: (info) => actionText(info.getValue(), t, has),
      }),
      col.accessor('old_value', {
        header: () => t('rg.old'),
        cell: (info) => describeValue(info.getValue(), t, i18n.language),
      }),
      col.accessor('new_value', {
        header: () => t('rg.new'),
        cell: (info) => describeValue(info.getValue(), t, i18n.language),
      }),
      col.accessor('reason', {
        header: () => t('rg.reason'),
        cell: (info) => info.getValue() ?? '—',
      }),
    ]);
  }, [t, i18n]);
  return (
    <section className="stack" aria-labelledby="rg-history-title">
      <h3 className="card-title" id="rg-history-title">
        {t('rg.history')}
      </h3>
      <DataTable
        columns={columns}
        data={history}
        caption={t('rg.historyCaption')}
        getRowId={(row) => row.id}
        empty={<EmptyState>{t('rg.noHistory')}</EmptyState>}
        testId="rg-history"
      />
    </section>
  );
}
