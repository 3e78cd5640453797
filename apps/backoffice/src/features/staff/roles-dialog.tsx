import type { StaffAccount, StaffRole } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { Dialog } from '../../shared/ui/dialog';
import { toast } from '../../shared/ui/toasts';
import { RolesField } from './roles-field';

export function RolesDialog({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [roles, setRoles] = useState<StaffRole[]>(account.roles);
  const save = useMutation({
    mutationFn: () =>
      staffCall('staff.roles', { params: { staffId: account.id }, body: { roles } }),
    onSuccess: () => {
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['staff'] });
      onClose();
    },
  });
  return (
    <Dialog open title={t('staff.rolesTitle', { email: account.email })} onClose={onClose}>
      {save.error ? (
        <p className="banner banner-error" role="alert">
          {errorText(t, (k) => i18n.exists(k), save.error)}
        </p>
      ) : null}
      <RolesField
        value={roles}
        onChange={setRoles}
        error={roles.length === 0 ? t('staff.pickRole') : undefined}
      />
      <div className="actions" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={roles.length === 0 || save.isPending}
          onClick={() => save.mutate()}
        >
          {t('common.save')}
        </button>
      </div>
    </Dialog>
  );
}
