import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../../shared/api/staff-api';
import { AuditTable } from '../../audit/audit-table';
import { playerKey } from '../player-queries';

/** What staff did to this player, newest first. */
export function AuditSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const audit = useInfiniteQuery({
    queryKey: [...playerKey(userId), 'audit'],
    queryFn: ({ pageParam, signal }) =>
      staffCall('players.audit', {
        params: { userId },
        query: { limit: 50, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  return <AuditTable query={audit} caption={t('player.tabs.audit')} />;
}
