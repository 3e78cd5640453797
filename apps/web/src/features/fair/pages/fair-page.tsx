import { Info } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { registerFairMessages } from '../../../shared/i18n/fair/register';
import { fieldErrorText, useSchemaForm } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { TextField } from '../../../shared/ui/field/text-field';
import { Page } from '../../../shared/ui/page/page';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { FairSteps } from '../components/fair-steps';
import { FairVerdict } from '../components/fair-verdict';
import { checkRound, type FairRound, type FairVerdict as Verdict } from '../fair-check';
import {
  fairFormSchema,
  valuesFromLink,
  type FairErrorKey,
  type FairFormValues,
} from '../fair-form';
import { FAIR_GAMES } from '../reproduce';
import styles from './fair-page.module.css';

// The page is its own chunk; its texts travel with it.
registerFairMessages();

type Field = keyof FairFormValues;
const empty: FairFormValues = {
  game: 'roulette',
  serverSeed: '',
  commitment: '',
  clientSeed: '',
  nonce: '0',
  result: '',
};

/**
 * The lobby's verifier of the studios' provably fair games (decision 041; issue 25). A round's
 * "Verify" link in the game's panel fills it (`?game=&server=&hash=&client=&nonce=&result=`)
 * and checks at once; any field can also be typed. Every field is validated first, then the
 * revealed seed is hashed against the commitment and the round reproduced in this browser
 * (Web Crypto), and the verdict says which of the two holds.
 */
export function FairPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fromLink = useMemo(() => valuesFromLink(params), [params]);
  const schema = useMemo(() => fairFormSchema(), []);
  const { register, handleSubmit, watch, formState, reset } = useSchemaForm(
    schema,
    fromLink ?? empty,
  );
  const [checked, setChecked] = useState<{ round: FairRound; verdict: Verdict } | null>(null);
  const [busy, setBusy] = useState(false);
  const game = watch('game');
  // The verdict sits above the form: a check asked for down there brings it into view.
  const verdictRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (checked) verdictRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [checked]);

  const errorOf = (field: Field) =>
    fieldErrorText(formState.errors[field], (key) => t(`fair.errors.${key as FairErrorKey}`));

  const onSubmit = handleSubmit(async (round) => {
    setBusy(true);
    try {
      setChecked({ round, verdict: await checkRound(round) });
      // Above the form: bring it into view when the check was asked for there.
      requestAnimationFrame(() =>
        document
          .querySelector('[data-testid="fair-verdict"]')
          ?.scrollIntoView?.({ block: 'nearest' }),
      );
    } finally {
      setBusy(false);
    }
  });

  // Opened from a round's link: fill in and check at once (again when the link changes).
  const submitted = useRef<FairFormValues | null>(null);
  useEffect(() => {
    if (!fromLink || submitted.current === fromLink) return;
    submitted.current = fromLink;
    reset(fromLink);
    void onSubmit();
  }, [fromLink, reset, onSubmit]);

  const bind = (field: Exclude<Field, 'game'>) => ({
    ...register(field, { onChange: () => setChecked(null) }),
    error: errorOf(field),
    spellCheck: false,
    autoComplete: 'off',
    autoCapitalize: 'off',
    testId: `fair-${field}`,
  });

  return (
    <Page title={t('fair.title')}>
      <div className={styles.layout}>
        <p className={styles.intro}>{t('fair.intro')}</p>
        {fromLink && (
          <p className={styles.fromRound} data-testid="fair-from-round">
            <Info size={18} aria-hidden="true" />
            {t('fair.fromRound')}
          </p>
        )}
        {/* The answer comes first: a round opened from its link is read without scrolling. */}
        {checked && (
          <div ref={verdictRef}>
            <FairVerdict round={checked.round} verdict={checked.verdict} />
          </div>
        )}
        <form
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          data-testid="fair-form"
        >
          <label className={styles.select}>
            <span>{t('fair.game')}</span>
            <select
              {...register('game', { onChange: () => setChecked(null) })}
              data-testid="fair-game"
            >
              {FAIR_GAMES.map((g) => (
                <option key={g} value={g}>
                  {t(`fair.games.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField
            {...bind('serverSeed')}
            label={t('fair.serverSeed')}
            note={{ tone: 'muted', text: t('fair.serverSeedHint') }}
            maxLength={80}
          />
          <TextField
            {...bind('commitment')}
            label={t('fair.commitment')}
            note={{ tone: 'muted', text: t('fair.commitmentHint') }}
            maxLength={80}
          />
          <div className={styles.row}>
            <TextField {...bind('clientSeed')} label={t('fair.clientSeed')} maxLength={80} />
            <TextField {...bind('nonce')} label={t('fair.nonce')} inputMode="numeric" />
          </div>
          <TextField
            {...bind('result')}
            label={t(`fair.result.${game}`)}
            note={{ tone: 'muted', text: t(`fair.resultHint.${game}`) }}
            maxLength={300}
          />
          <Button
            type="submit"
            variant="primary"
            size="lg"
            disabled={busy}
            icon={busy ? <Spinner size={18} /> : undefined}
            data-testid="fair-verify"
          >
            {busy ? t('fair.checking') : t('fair.verify')}
          </Button>
        </form>
        <FairSteps />
      </div>
    </Page>
  );
}
