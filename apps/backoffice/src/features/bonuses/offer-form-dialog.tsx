import type { StaffOffer } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { errorText } from '../../shared/api/error-text';
import { applyServerFieldErrors, useSchemaForm } from '../../shared/lib/schema-form';
import { Dialog } from '../../shared/ui/dialog';
import { SelectField, TextField } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toasts';
import {
  categories,
  offerBody,
  offerFormSchema,
  offerFormValues,
  type OfferForm,
} from './bonus-forms';
import { useBonusErrors } from './bonus-errors';

/**
 * Create or edit an offer (decision 091): every term the engine enforces, the schedule and the
 * countries, and the reason the audit log keeps. `offer` null: a new one.
 */
export function OfferFormDialog({
  open,
  offer,
  onClose,
}: {
  open: boolean;
  offer: StaffOffer | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const form = useSchemaForm(offerFormSchema, offerFormValues(offer));
  const err = useBonusErrors();
  const errors = form.formState.errors;
  useEffect(() => {
    if (open) form.reset(offerFormValues(offer));
  }, [open, offer, form]);
  const save = useMutation({
    mutationFn: async (values: OfferForm) => {
      const { id, ...body } = offerBody(values);
      return offer
        ? staffCall('bonuses.offers.update', { params: { offerId: offer.id }, body })
        : staffCall('bonuses.offers.create', { body: { id, ...body } });
    },
    onSuccess: () => {
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['bonuses'] });
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const kind = form.watch('kind');
  const match = kind === 'deposit_match';
  const f = (key: keyof typeof offerFormSchema.shape) => ({
    registration: form.register(key),
    error: err(errors[key]),
  });
  const money = { inputMode: 'decimal' as const, placeholder: '0.00' };
  const number = { inputMode: 'numeric' as const };
  return (
    <Dialog
      open={open}
      title={
        offer
          ? t('bonusAdmin.form.editOfferTitle', { id: offer.id })
          : t('bonusAdmin.form.createOfferTitle')
      }
      onClose={() => {
        save.reset();
        onClose();
      }}
    >
      <form
        className="stack"
        noValidate
        data-testid="offer-form"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        {save.error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (key) => i18n.exists(key), save.error)}
          </p>
        ) : null}
        {offer ? <p className="muted">{t('bonusAdmin.form.editHint')}</p> : null}
        {offer ? null : (
          <TextField
            label={t('bonusAdmin.form.id')}
            hint={t('bonusAdmin.form.idHint')}
            {...f('id')}
          />
        )}
        <SelectField label={t('bonusAdmin.form.kind')} registration={form.register('kind')}>
          <option value="free_credit">{t('bonusAdmin.kinds.free_credit')}</option>
          <option value="deposit_match">{t('bonusAdmin.kinds.deposit_match')}</option>
          <option value="daily">{t('bonusAdmin.kinds.daily')}</option>
        </SelectField>
        <div className="form-grid">
          <TextField label={t('bonusAdmin.form.titleEn')} {...f('title_en')} />
          <TextField label={t('bonusAdmin.form.titleRu')} {...f('title_ru')} />
          <TextField label={t('bonusAdmin.form.termsEn')} multiline {...f('terms_en')} />
          <TextField label={t('bonusAdmin.form.termsRu')} multiline {...f('terms_ru')} />
        </div>
        <div className="form-grid">
          {match ? (
            <>
              <TextField
                label={t('bonusAdmin.form.matchPercent')}
                {...number}
                {...f('match_percent')}
              />
              <TextField label={t('bonusAdmin.form.maxBonus')} {...money} {...f('max_bonus')} />
              <TextField label={t('bonusAdmin.form.minDeposit')} {...money} {...f('min_deposit')} />
            </>
          ) : (
            <TextField
              label={t('bonusAdmin.form.amount')}
              {...money}
              testId="offer-amount"
              {...f('amount')}
            />
          )}
          <TextField
            label={t('bonusAdmin.form.wageringMultiplier')}
            {...number}
            {...f('wagering_multiplier')}
          />
          <SelectField
            label={t('bonusAdmin.form.wageringBase')}
            registration={form.register('wagering_base')}
          >
            <option value="bonus">{t('bonusAdmin.summary.base.bonus')}</option>
            <option value="bonus_deposit">{t('bonusAdmin.summary.base.bonus_deposit')}</option>
          </SelectField>
          <TextField label={t('bonusAdmin.form.maxBet')} {...money} {...f('max_bet')} />
          <TextField label={t('bonusAdmin.form.validDays')} {...number} {...f('valid_days')} />
          <TextField
            label={t('bonusAdmin.form.maxCashout')}
            hint={t('bonusAdmin.form.maxCashoutHint')}
            {...money}
            {...f('max_cashout')}
          />
        </div>
        <fieldset className="fieldset">
          <legend className="field-label">{t('bonusAdmin.form.contributions')}</legend>
          <div className="form-grid form-grid-4">
            {categories.map((c) => (
              <TextField
                key={c}
                label={t(`bonusAdmin.form.categories.${c}`)}
                {...number}
                {...f(`c_${c}`)}
              />
            ))}
          </div>
          <span className="field-hint">{t('bonusAdmin.form.contributionsHint')}</span>
        </fieldset>
        <div className="form-grid">
          <TextField
            label={t('bonusAdmin.form.availableFrom')}
            type="datetime-local"
            hint={t('bonusAdmin.form.scheduleHint')}
            {...f('available_from')}
          />
          <TextField
            label={t('bonusAdmin.form.availableUntil')}
            type="datetime-local"
            {...f('available_until')}
          />
          <TextField
            label={t('bonusAdmin.form.countries')}
            hint={t('bonusAdmin.form.countriesHint')}
            {...f('countries')}
          />
          <TextField label={t('bonusAdmin.form.sortOrder')} {...number} {...f('sort_order')} />
        </div>
        <div className="actions">
          <label className="check">
            <input
              type="checkbox"
              {...form.register('promo_only')}
              data-testid="offer-promo-only"
            />
            {t('bonusAdmin.form.promoOnly')}
          </label>
          <label className="check">
            <input type="checkbox" {...form.register('featured')} />
            {t('bonusAdmin.form.featured')}
          </label>
          <label className="check">
            <input type="checkbox" {...form.register('enabled')} />
            {t('bonusAdmin.form.enabled')}
          </label>
        </div>
        <TextField
          label={t('bonusAdmin.form.reason')}
          multiline
          testId="offer-reason"
          {...f('reason')}
        />
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            data-testid="offer-submit"
          >
            {offer ? t('bonusAdmin.form.save') : t('bonusAdmin.form.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
