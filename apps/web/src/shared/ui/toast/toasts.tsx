import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names';
import { useToastStore } from './toast-store';
import styles from './toasts.module.css';

/** The toast area: newest at the bottom, each dismissed by a click (or by the 3 s ticker). */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <section className={styles.viewport} aria-label={t('toast.region')}>
      <ol className={styles.list} aria-live="polite" aria-relevant="additions">
        {toasts.map((item) => {
          const Icon = item.status === 'success' ? CircleCheck : CircleAlert;
          return (
            <li key={item.id} className={styles.item}>
              <button
                type="button"
                className={cx(
                  styles.toast,
                  item.status === 'success' ? styles.success : styles.error,
                  item.closing && styles.closing,
                )}
                onClick={() => dismiss(item.id)}
                data-testid="toast"
                data-status={item.status}
              >
                <Icon className={styles.icon} size={20} aria-hidden="true" />
                <span className={styles.text}>
                  <span className={styles.title}>
                    {item.title ?? t(item.status === 'success' ? 'toast.success' : 'toast.error')}
                  </span>
                  <span className={styles.message}>{item.message}</span>
                </span>
                <span className="visually-hidden">{t('toast.dismiss')}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
