import { gameMarks } from '@casino/contracts';
import { countryCodeSchema, type StaffGame } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../../shared/api/error-text';
import { useSchemaForm } from '../../shared/lib/schema-form';
import { staffCall } from '../../shared/api/staff-api';
import { Dialog } from '../../shared/ui/dialog';
import { SelectField, TextField } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toasts';

/** "ru, by  KZ" → ['RU', 'BY', 'KZ']: the codes as staff type them, commas or spaces. */
export function countriesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

const form = z.object({
  mark: z.enum(['', ...gameMarks]),
  countries: z
    .string()
    .max(1000)
    .refine((text) => countriesOf(text).every((c) => countryCodeSchema.safeParse(c).success), {
      error: 'countries',
    }),
  reason: z.string().trim().min(1).max(500),
});

/**
 * A game's badge (none: the catalog's own Top / New; or staff's New or Hot) and the countries
 * whose players neither see nor launch it (decision 089), saved with a reason.
 */
export function GameLobbyDialog({
  game,
  onClose,
}: {
  game: StaffGame | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const values = useSchemaForm(form, { mark: '', countries: '', reason: '' });
  const { reset } = values;
  useEffect(() => {
    if (game) reset({ mark: game.mark ?? '', countries: game.countries.join(', '), reason: '' });
  }, [game, reset]);
  const save = useMutation({
    mutationFn: (input: z.output<typeof form>) =>
      staffCall('games.lobby.game', {
        params: { gameId: game?.id ?? '' },
        body: {
          mark: input.mark === '' ? null : input.mark,
          countries: countriesOf(input.countries),
          reason: input.reason,
        },
      }),
    onSuccess: () => {
      toast(t('games.savedHint'));
      void client.invalidateQueries({ queryKey: ['games'] });
      onClose();
    },
  });
  const close = () => {
    save.reset();
    onClose();
  };
  const countriesError = values.formState.errors.countries;
  return (
    <Dialog
      open={game !== null}
      title={t('games.editTitle', { name: game?.name ?? '' })}
      onClose={close}
    >
      <form
        className="stack"
        noValidate
        onSubmit={values.handleSubmit((input) => save.mutate(input))}
        data-testid="game-lobby-form"
      >
        {save.error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (key) => i18n.exists(key), save.error)}
          </p>
        ) : null}
        <SelectField label={t('games.mark')} registration={values.register('mark')} testId="mark">
          <option value="">{t('games.marks.none')}</option>
          {gameMarks.map((mark) => (
            <option key={mark} value={mark}>
              {t(`games.marks.${mark}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('games.countriesLabel')}
          hint={t('games.countriesHint')}
          registration={values.register('countries')}
          // Our own words for it (TextField shows a 'server' message as written).
          error={
            countriesError
              ? { ...countriesError, type: 'server', message: t('games.countriesInvalid') }
              : undefined
          }
          placeholder="RU, BY"
          testId="countries"
        />
        <TextField
          label={t('common.reason')}
          hint={t('common.reasonHint')}
          multiline
          registration={values.register('reason')}
          error={values.formState.errors.reason}
          testId="reason-input"
        />
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            data-testid="game-lobby-submit"
          >
            {t('games.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
