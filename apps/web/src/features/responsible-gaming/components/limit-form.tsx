import { rgLimitKindSchema, rgLimitPeriodSchema } from '@casino/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, useLanguage } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { fieldErrorText, useSchemaForm } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { TextField } from '../../../shared/ui/field/text-field';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useRgAction } from '../api/responsible-gaming';
import { limitFormSchema } from '../lib/limit-form-schema';
import { rgErrorText } from '../lib/rg-error-text';
import styles from './rg.module.css';
import { Form } from '../../../shared/ui/form/form';

/** The form's one message key of its own; any other is the general "invalid". */
const translate = (key: string): string | undefined =>
  key === 'rg.form.invalidAmount' ? i18n.t('rg.form.invalidAmount') : undefined;

/**
 * Adds or changes a limit (decision 038's form). Lower or new: in force at once; higher: the
 * server keeps it pending for 24 hours, and the toast says from when it can be confirmed.
 */
export function LimitForm({
  userId,
  kinds = rgLimitKindSchema.options,
  onSaved,
}: {
  userId: string;
  kinds?: readonly ('deposit' | 'loss' | 'wager')[];
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const kindId = useId();
  const periodId = useId();
  const action = useRgAction(userId);
  const { register, handleSubmit, formState, reset } = useSchemaForm(limitFormSchema, {
    kind: kinds[0] ?? 'deposit',
    period: 'day',
    amount: '',
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const status = await action.mutateAsync({ kind: 'limit', body: values });
      const limit = status.limits.find((l) => l.kind === values.kind && l.period === values.period);
      if (limit?.pending) {
        toast.success(
          t('rg.form.pending', { at: formatDateTime(limit.pending.confirmable_at, language) }),
        );
      } else {
        toast.success(t('rg.form.saved'));
      }
      reset({ ...values, amount: '' });
      onSaved?.();
    } catch (error) {
      toast.error(rgErrorText(error));
    }
  });
  return (
    <Form
      className={styles.form}
      onSubmit={onSubmit}
      testId="rg-limit-form"
      aria-label={t('rg.form.heading')}
    >
      {kinds.length > 1 && (
        <label className={styles.select} htmlFor={kindId}>
          <span>{t('rg.form.kind')}</span>
          <select id={kindId} {...register('kind')} data-testid="rg-limit-kind">
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`rg.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={styles.select} htmlFor={periodId}>
        <span>{t('rg.form.period')}</span>
        <select id={periodId} {...register('period')} data-testid="rg-limit-period">
          {rgLimitPeriodSchema.options.map((period) => (
            <option key={period} value={period}>
              {t(`rg.periods.${period}`)}
            </option>
          ))}
        </select>
      </label>
      <TextField
        {...register('amount')}
        label={t('rg.form.amount')}
        inputMode="decimal"
        autoComplete="off"
        error={fieldErrorText(formState.errors.amount, translate)}
        testId="rg-limit-amount"
      />
      <Button
        type="submit"
        variant="primary"
        disabled={action.isPending}
        data-testid="rg-limit-submit"
      >
        {t('rg.form.submit')}
      </Button>
    </Form>
  );
}
