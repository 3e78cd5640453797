import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/class-names';
import type { FairRound, FairVerdict as Verdict } from '../fair-check';
import { formatResult } from '../fair-result';
import styles from './fair-verdict.module.css';

/**
 * The verdict (issue 25): "Matches the commitment and the recorded result", or which of the
 * two does not, each with the values compared.
 */
export function FairVerdict({ round, verdict }: { round: FairRound; verdict: Verdict }) {
  const { t } = useTranslation();
  const ok = verdict.commitmentMatches && verdict.resultMatches;
  return (
    <section
      className={cx(styles.verdict, ok ? styles.ok : styles.bad)}
      aria-live="polite"
      data-testid="fair-verdict"
      data-verdict={ok ? 'match' : 'mismatch'}
    >
      <h2 className={styles.headline} data-testid="fair-verdict-title">
        {ok ? (
          <CircleCheck size={24} aria-hidden="true" />
        ) : (
          <CircleAlert size={24} aria-hidden="true" />
        )}
        {t(ok ? 'fair.verdict.match' : 'fair.verdict.mismatch')}
      </h2>
      <ul className={styles.checks}>
        <Check ok={verdict.commitmentMatches} testId="fair-check-commitment">
          {t(
            verdict.commitmentMatches ? 'fair.verdict.commitmentOk' : 'fair.verdict.commitmentBad',
          )}
        </Check>
        <Check ok={verdict.resultMatches} testId="fair-check-result">
          {t(verdict.resultMatches ? 'fair.verdict.resultOk' : 'fair.verdict.resultBad')}
        </Check>
      </ul>
      <dl className={styles.values}>
        <dt>{t('fair.verdict.hash')}</dt>
        <dd>
          <code data-testid="fair-hash">{verdict.hash}</code>
        </dd>
        {!verdict.commitmentMatches && (
          <>
            <dt>{t('fair.verdict.commitment')}</dt>
            <dd>
              <code>{round.commitment}</code>
            </dd>
          </>
        )}
        <dt>{t('fair.verdict.drawn')}</dt>
        <dd data-testid="fair-drawn">{formatResult(verdict.reproduced)}</dd>
        {!verdict.resultMatches && (
          <>
            <dt>{t('fair.verdict.recorded')}</dt>
            <dd data-testid="fair-recorded">{formatResult(round.recorded)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Check({ ok, testId, children }: { ok: boolean; testId: string; children: string }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <li className={styles.check} data-testid={testId} data-ok={ok}>
      <Icon size={18} aria-hidden="true" />
      {children}
    </li>
  );
}
