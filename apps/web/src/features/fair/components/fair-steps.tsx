import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './fair-steps.module.css';

const steps = ['commit', 'reveal', 'reproduce'] as const;

/** The scheme in three steps (docs/protocols/provably-fair.md), in the player's words. */
export function FairSteps() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={styles.steps} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('fair.steps.title')}
      </h2>
      <ol className={styles.list}>
        {steps.map((step, index) => (
          <li key={step} className={styles.step}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className={styles.title}>{t(`fair.steps.${step}.title`)}</h3>
              <p className={styles.text}>{t(`fair.steps.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
