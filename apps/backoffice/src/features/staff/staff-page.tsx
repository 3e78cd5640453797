import type { StaffAccount, StaffSetupLinkResponse } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';
import { useMe } from '../auth/session';
import { CreateStaffDialog } from './create-staff-dialog';
import { RolesDialog } from './roles-dialog';
import { SetupLinkDialog } from './setup-link-dialog';
import { StaffSessionsDialog } from './staff-sessions-dialog';

const statusTone = {
  invited: 'chip chip-warning',
  active: 'chip chip-success',
  disabled: 'chip chip-danger',
};

/** Staff administration (admin): accounts, set-up links, roles, disable, sessions. */
export default function StaffPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.staff'));
  const me = useMe().data;
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [link, setLink] = useState<StaffSetupLinkResponse | null>(null);
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [toggling, setToggling] = useState<StaffAccount | null>(null);
  const [sessionsOf, setSessionsOf] = useState<StaffAccount | null>(null);
  const staff = useQuery({
    queryKey: ['staff', 'list'],
    queryFn: ({ signal }) => staffCall('staff.list', { signal }),
  });
  const newLink = useMutation({
    mutationFn: (staffId: string) => staffCall('staff.setupLink', { params: { staffId } }),
    onSuccess: (result) => {
      setLink(result);
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (error) =>
      toast(
        errorText(t, (k) => i18n.exists(k), error),
        'error',
      ),
  });
  const toggle = useMutation({
    mutationFn: ({ account, reason }: { account: StaffAccount; reason: string }) =>
      staffCall(account.status === 'disabled' ? 'staff.enable' : 'staff.disable', {
        params: { staffId: account.id },
        body: { reason },
      }),
    onSuccess: () => {
      setToggling(null);
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const columns = useMemo(() => {
    const col = gridColumns<StaffAccount>();
    return col.columns([
      col.accessor('email', { header: () => t('login.email') }),
      col.accessor('roles', {
        header: () => t('staff.roles'),
        cell: (info) =>
          info
            .getValue()
            .map((role) => t(`roles.${role}`))
            .join(', '),
      }),
      col.accessor('status', {
        header: () => t('players.columns.status'),
        cell: (info) => (
          <span className={statusTone[info.getValue()]}>
            {t(`staff.status.${info.getValue()}`)}
          </span>
        ),
      }),
      col.accessor('last_login_at', {
        header: () => t('staff.lastLogin'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('live_sessions', { header: () => t('staff.liveSessions') }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('withdrawals.decision')}</span>,
        cell: ({ row }) => {
          const account = row.original;
          const self = account.id === me?.id;
          return (
            <div className="actions">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setEditing(account)}
              >
                {t('staff.editRoles')}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={newLink.isPending}
                onClick={() => newLink.mutate(account.id)}
              >
                {t('staff.newLink')}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setSessionsOf(account)}
              >
                {t('staff.sessions')}
              </button>
              {!self ? (
                <button
                  type="button"
                  className={
                    account.status === 'disabled'
                      ? 'btn btn-secondary btn-sm'
                      : 'btn btn-danger btn-sm'
                  }
                  onClick={() => setToggling(account)}
                >
                  {account.status === 'disabled' ? t('staff.enable') : t('staff.disable')}
                </button>
              ) : null}
            </div>
          );
        },
      }),
    ]);
  }, [t, i18n.language, me?.id, newLink]);

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.staff')}</h1>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setCreating(true)}
          data-testid="staff-create"
        >
          {t('staff.create')}
        </button>
      </div>
      {staff.isError ? (
        <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={staff.data?.data}
          loading={staff.isPending}
          caption={t('nav.staff')}
          getRowId={(row) => row.id}
          numeric={['live_sessions']}
          testId="staff-table"
          empty={<EmptyState>{t('staff.empty')}</EmptyState>}
        />
      )}
      <CreateStaffDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setLink(created);
        }}
      />
      <SetupLinkDialog link={link} onClose={() => setLink(null)} />
      {editing ? <RolesDialog account={editing} onClose={() => setEditing(null)} /> : null}
      <StaffSessionsDialog account={sessionsOf} onClose={() => setSessionsOf(null)} />
      <ReasonDialog
        open={toggling !== null}
        title={
          toggling?.status === 'disabled'
            ? t('staff.enableTitle', { email: toggling.email })
            : t('staff.disableTitle', { email: toggling?.email ?? '' })
        }
        description={toggling?.status === 'disabled' ? undefined : t('staff.disableHint')}
        submitLabel={toggling?.status === 'disabled' ? t('staff.enable') : t('staff.disable')}
        danger={toggling?.status !== 'disabled'}
        pending={toggle.isPending}
        error={toggle.error}
        onSubmit={(reason) => toggling && toggle.mutate({ account: toggling, reason })}
        onClose={() => {
          setToggling(null);
          toggle.reset();
        }}
      />
    </section>
  );
}
