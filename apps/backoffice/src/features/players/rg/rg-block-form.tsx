import {
  rgExclusionDurations,
  rgStaffBlockRequestSchema,
  rgTimeOutDurations,
  type RgOperatorPlayerResponse,
} from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { staffCall } from '../../../shared/api/staff-api';
import { useSchemaForm } from '../../../shared/lib/schema-form';
import { Dialog } from '../../../shared/ui/dialog';
import { SelectField, TextField } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toasts';
import { RgRefusal } from './rg-refusal';
import { rgKey } from './rg-query';

type BlockRequest = z.output<typeof rgStaffBlockRequestSchema>;
const durationsOf = { time_out: rgTimeOutDurations, self_exclusion: rgExclusionDurations };

/**
 * Staff put a player in a time-out or self-exclusion, with the reason (the contract's
 * rgStaffBlockRequestSchema), after a second confirmation: it cannot be undone.
 */
export function RgBlockForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const client = useQueryClient();
  const [asking, setAsking] = useState<BlockRequest | null>(null);
  const form = useSchemaForm(rgStaffBlockRequestSchema, {
    kind: 'time_out',
    duration: '24h',
    reason: '',
  });
  const kind = form.watch('kind');
  const start = useMutation({
    mutationFn: (body: BlockRequest) => staffCall('players.rg.block', { params: { userId }, body }),
    onSuccess: (view: RgOperatorPlayerResponse) => {
      client.setQueryData(rgKey(userId), view);
      setAsking(null);
      form.reset();
      toast(t('rg.blockStarted'));
    },
    onError: () => setAsking(null),
  });
  const kindRegistration = form.register('kind', {
    onChange: (event: { target: { value: keyof typeof durationsOf } }) =>
      form.setValue('duration', durationsOf[event.target.value][0]),
  });
  return (
    <form
      className="card stack"
      style={{ alignContent: 'start' }}
      aria-labelledby={titleId}
      noValidate
      data-testid="rg-block-form"
      onSubmit={form.handleSubmit((values) => setAsking(values))}
    >
      <h3 className="card-title" id={titleId}>
        {t('rg.addBlock')}
      </h3>
      <p className="muted">{t('rg.addBlockHint')}</p>
      <RgRefusal error={start.error} />
      <div className="toolbar">
        <SelectField
          label={t('rg.blockKind')}
          registration={kindRegistration}
          testId="rg-block-kind"
        >
          <option value="time_out">{t('rg.blockKinds.time_out')}</option>
          <option value="self_exclusion">{t('rg.blockKinds.self_exclusion')}</option>
        </SelectField>
        <SelectField
          label={t('rg.duration')}
          registration={form.register('duration')}
          testId="rg-block-duration"
        >
          {durationsOf[kind].map((duration) => (
            <option key={duration} value={duration}>
              {t(`rg.durations.${duration}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('common.reason')}
        hint={t('rg.reasonHint')}
        multiline
        registration={form.register('reason')}
        error={form.formState.errors.reason}
        testId="rg-block-reason"
      />
      <div className="actions">
        <button type="submit" className="btn btn-danger" data-testid="rg-block-submit">
          {t('rg.startBlock')}
        </button>
      </div>
      <Dialog open={asking !== null} title={t('rg.addBlock')} onClose={() => setAsking(null)}>
        <div className="stack">
          <p>
            {asking
              ? t('rg.confirmBlock', {
                  kind: t(`rg.blockKinds.${asking.kind}`).toLowerCase(),
                  duration: t(`rg.durations.${asking.duration}`).toLowerCase(),
                })
              : null}
          </p>
          <div className="actions">
            <button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={start.isPending}
              data-testid="rg-block-confirm"
              onClick={() => asking && start.mutate(asking)}
            >
              {t('rg.startBlock')}
            </button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
