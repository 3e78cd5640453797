import {
  rgLimitKindSchema,
  rgLimitPeriodSchema,
  rgStaffLimitRequestSchema,
  type RgOperatorPlayerResponse,
} from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../../shared/api/staff-api';
import { useSchemaForm } from '../../../shared/lib/schema-form';
import { SelectField, TextField } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toasts';
import { RgRefusal } from './rg-refusal';
import { rgKey } from './rg-query';

/**
 * Staff add a limit or lower one, with the reason (the contract's rgStaffLimitRequestSchema,
 * the server's own check). A raise is the server's 409 RG_NOT_ALLOWED, shown above the form.
 */
export function RgLimitForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const client = useQueryClient();
  const form = useSchemaForm(rgStaffLimitRequestSchema, {
    kind: 'deposit',
    period: 'day',
    amount: '',
    reason: '',
  });
  const save = useMutation({
    mutationFn: (body: typeof rgStaffLimitRequestSchema._zod.output) =>
      staffCall('players.rg.limit', { params: { userId }, body }),
    onSuccess: (view: RgOperatorPlayerResponse) => {
      client.setQueryData(rgKey(userId), view);
      form.reset({ ...form.getValues(), amount: '', reason: '' });
      toast(t('rg.limitSaved'));
    },
  });
  return (
    <form
      className="card stack"
      style={{ alignContent: 'start' }}
      aria-labelledby={titleId}
      noValidate
      data-testid="rg-limit-form"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <h3 className="card-title" id={titleId}>
        {t('rg.addLimit')}
      </h3>
      <p className="muted">{t('rg.addLimitHint')}</p>
      <RgRefusal error={save.error} />
      <div className="toolbar">
        <SelectField label={t('rg.kind')} registration={form.register('kind')} testId="rg-kind">
          {rgLimitKindSchema.options.map((kind) => (
            <option key={kind} value={kind}>
              {t(`rg.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('rg.period')}
          registration={form.register('period')}
          testId="rg-period"
        >
          {rgLimitPeriodSchema.options.map((period) => (
            <option key={period} value={period}>
              {t(`rg.periods.${period}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={`${t('rg.amount')}, USD`}
          inputMode="decimal"
          autoComplete="off"
          registration={form.register('amount')}
          error={form.formState.errors.amount}
          testId="rg-amount"
        />
      </div>
      <TextField
        label={t('common.reason')}
        hint={t('rg.reasonHint')}
        multiline
        registration={form.register('reason')}
        error={form.formState.errors.reason}
        testId="rg-limit-reason"
      />
      <div className="actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.isPending}
          data-testid="rg-limit-submit"
        >
          {t('rg.saveLimit')}
        </button>
      </div>
    </form>
  );
}
