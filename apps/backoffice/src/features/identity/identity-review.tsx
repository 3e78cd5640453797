import { operatorIdentityRejectSchema, type OperatorIdentityCheck } from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';
import { useCan } from '../auth/session';
import { DocumentViewer } from './document-viewer';

const statusTone = {
  not_started: 'chip',
  pending: 'chip chip-warning',
  verified: 'chip chip-success',
  rejected: 'chip chip-danger',
} as const;

/** One identity check: both documents side by side, and verify or reject (with a reason). */
export function IdentityReview({ check }: { check: OperatorIdentityCheck }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const settled = (message: string) => {
    toast(message);
    void client.invalidateQueries({ queryKey: ['identity'] });
    void client.invalidateQueries({ queryKey: ['player', check.user_id] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const verify = useMutation({
    mutationFn: () => staffCall('identity.verify', { params: { userId: check.user_id } }),
    onSuccess: () => settled(t('identity.verified', { username: check.username })),
    onError: (error) =>
      toast(
        errorText(t, (k) => i18n.exists(k), error),
        'error',
      ),
  });
  const reject = useMutation({
    mutationFn: (reason: string) =>
      staffCall('identity.reject', { params: { userId: check.user_id }, body: { reason } }),
    onSuccess: () => {
      setRejecting(false);
      settled(t('identity.rejected', { username: check.username }));
    },
  });
  const decide = can('identity:decide') && check.status === 'pending';
  return (
    <div className="stack" data-testid="identity-review">
      <div className="page-head">
        <div className="actions" style={{ alignItems: 'center' }}>
          <span className={statusTone[check.status]} data-testid="identity-status">
            {t(`identity.status.${check.status}`)}
          </span>
          <span className="muted">
            {t('identity.submitted', { date: formatDateTime(check.submitted_at, i18n.language) })}
            {check.reviewed_at
              ? ` · ${t('identity.reviewed', { date: formatDateTime(check.reviewed_at, i18n.language) })}`
              : ''}
          </span>
        </div>
        {decide ? (
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={verify.isPending}
              onClick={() => verify.mutate()}
              data-testid="identity-verify"
            >
              {t('identity.verify')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => setRejecting(true)}
              data-testid="identity-reject"
            >
              {t('identity.reject')}
            </button>
          </div>
        ) : null}
      </div>
      {check.reason ? (
        <p className="banner banner-warning">{t('identity.reason', { reason: check.reason })}</p>
      ) : null}
      {check.documents.length === 0 ? (
        <EmptyState>{t('identity.noDocuments')}</EmptyState>
      ) : can('identity:documents') ? (
        <div className="grid-2">
          {check.documents.map((doc) => (
            <DocumentViewer key={doc.kind} userId={check.user_id} document={doc} />
          ))}
        </div>
      ) : (
        <p className="muted">{t('common.notAllowed')}</p>
      )}
      <ReasonDialog
        open={rejecting}
        title={t('identity.rejectTitle', { username: check.username })}
        description={t('identity.rejectHint')}
        submitLabel={t('identity.reject')}
        danger
        schema={operatorIdentityRejectSchema}
        pending={reject.isPending}
        error={reject.error}
        onSubmit={(reason) => reject.mutate(reason)}
        onClose={() => {
          setRejecting(false);
          reject.reset();
        }}
      />
    </div>
  );
}
