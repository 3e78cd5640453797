import { playerMuteRequestSchema } from '@casino/contracts/operator';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { useSchemaForm } from '../../shared/lib/schema-form';
import { Dialog } from '../../shared/ui/dialog';
import { SelectField, TextField } from '../../shared/ui/field';

/** The mute lengths offered, in minutes; 0 lifts a mute. The server caps them at 30 days. */
export const muteChoices = [15, 60, 1440, 10_080, 43_200, 0] as const;

export function MuteDialog({
  open,
  username,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  username: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: { minutes: number; reason: string }) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useSchemaForm(playerMuteRequestSchema, { minutes: 60, reason: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={t('chat.muteTitle', { username })} onClose={close}>
      <form className="stack" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (key) => i18n.exists(key), error)}
          </p>
        ) : null}
        <SelectField
          label={t('chat.muteFor')}
          registration={form.register('minutes', { valueAsNumber: true })}
          testId="mute-minutes"
        >
          {muteChoices.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t(`chat.durations.m${minutes}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('common.reason')}
          hint={t('common.reasonHint')}
          multiline
          registration={form.register('reason')}
          error={form.formState.errors.reason}
          testId="mute-reason"
        />
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={pending}>
            {t('chat.mute')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
