import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client';
import { staffCall } from '../../../shared/api/staff-api';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { IdentityReview } from '../../identity/identity-review';
import { playerKey } from '../player-queries';

export function IdentitySection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: [...playerKey(userId), 'identity'],
    queryFn: ({ signal }) => staffCall('identity.check', { params: { userId }, signal }),
  });
  if (check.isPending) return <Skeleton lines={6} />;
  if (check.isError) {
    // No check yet: the player has not sent documents.
    if (isApiError(check.error) && check.error.status === 404) {
      return <EmptyState>{t('identity.noDocuments')}</EmptyState>;
    }
    return <ErrorState error={check.error} onRetry={() => void check.refetch()} />;
  }
  return <IdentityReview check={check.data} />;
}
