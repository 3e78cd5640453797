import type { StaffOffer, StaffPromo } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { applyServerFieldErrors, useSchemaForm } from '../../shared/lib/schema-form';
import { Dialog } from '../../shared/ui/dialog';
import { SelectField, TextField } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toasts';
import { useBonusErrors } from './bonus-errors';
import { promoBody, promoFormSchema, promoFormValues, type PromoForm } from './bonus-forms';

/**
 * Create a promo code for an offer, or edit one's limits and dates (decision 091). The code
 * and its offer are fixed once created: players' claims name them.
 */
export function PromoFormDialog({
  open,
  promo,
  offers,
  onClose,
}: {
  open: boolean;
  promo: StaffPromo | null;
  offers: StaffOffer[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const client = useQueryClient();
  const usable = offers.filter((o) => o.enabled);
  const defaults = () => promoFormValues(promo, usable[0]?.id ?? '');
  const form = useSchemaForm(promoFormSchema, defaults());
  const err = useBonusErrors();
  const errors = form.formState.errors;
  useEffect(() => {
    if (open) form.reset(defaults());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when opened, with what it shows
  }, [open, promo]);
  const save = useMutation({
    mutationFn: async (values: PromoForm) => {
      const { code: _code, offer_id: _offer, ...body } = promoBody(values);
      return promo
        ? staffCall('bonuses.promos.update', { params: { promoId: promo.id }, body })
        : staffCall('bonuses.promos.create', { body: promoBody(values) });
    },
    onSuccess: () => {
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['bonuses'] });
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const f = (key: keyof typeof promoFormSchema.shape) => ({
    registration: form.register(key),
    error: err(errors[key]),
  });
  return (
    <Dialog
      open={open}
      title={
        promo
          ? t('bonusAdmin.form.editPromoTitle', { code: promo.code })
          : t('bonusAdmin.form.createPromoTitle')
      }
      onClose={() => {
        save.reset();
        onClose();
      }}
    >
      <form
        className="stack"
        noValidate
        data-testid="promo-form"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        {save.error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (key) => i18n.exists(key), save.error)}
          </p>
        ) : null}
        {promo ? null : (
          <>
            <TextField
              label={t('bonusAdmin.form.code')}
              hint={t('bonusAdmin.form.codeHint')}
              autoComplete="off"
              {...f('code')}
            />
            <SelectField
              label={t('bonusAdmin.form.offer')}
              registration={form.register('offer_id')}
              testId="promo-offer"
            >
              {usable.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.title[lang]} ({o.id})
                </option>
              ))}
            </SelectField>
          </>
        )}
        <div className="form-grid">
          <TextField label={t('bonusAdmin.form.maxUses')} inputMode="numeric" {...f('max_uses')} />
          <TextField
            label={t('bonusAdmin.form.maxUsesPerPlayer')}
            inputMode="numeric"
            {...f('max_uses_per_player')}
          />
          <TextField
            label={t('bonusAdmin.form.promoMinDeposit')}
            inputMode="decimal"
            placeholder="0.00"
            {...f('min_deposit')}
          />
          <TextField
            label={t('bonusAdmin.form.startsAt')}
            type="datetime-local"
            hint={t('bonusAdmin.form.scheduleHint')}
            {...f('starts_at')}
          />
          <TextField
            label={t('bonusAdmin.form.expiresAt')}
            type="datetime-local"
            {...f('expires_at')}
          />
        </div>
        <TextField label={t('bonusAdmin.form.reason')} multiline {...f('reason')} />
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            data-testid="promo-submit"
          >
            {promo ? t('bonusAdmin.form.save') : t('bonusAdmin.form.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
