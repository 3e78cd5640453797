import type { PlayerBonus } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useBonusAction } from '../api/bonus';
import { bonusErrorText } from '../lib/bonus-error-text';
import styles from './bonus.module.css';

/**
 * Claims waiting behind the open bonus (decision 062), in the order they start. A queued one
 * holds no money yet, so it is removed at once, without a confirmation.
 */
export function QueuedBonuses({ items, userId }: { items: PlayerBonus[]; userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const action = useBonusAction(userId);
  const remove = async (bonus: PlayerBonus) => {
    if (action.isPending) return;
    try {
      await action.mutateAsync({ kind: 'cancel', bonusId: bonus.id });
      toast.success(t('bonus.queued.removed'), bonus.title[language]);
    } catch (error) {
      toast.error(bonusErrorText(error), bonus.title[language]);
    }
  };
  return (
    <ol className={styles.history} data-testid="bonus-queued">
      {items.map((bonus, index) => (
        <li key={bonus.id} className={styles.historyRow} data-testid={`bonus-queued-${bonus.id}`}>
          <span className={styles.strong}>{bonus.title[language]}</span>
          <span className={styles.muted}>
            {index === 0 ? t('bonus.queued.next') : t('bonus.queued.later')}
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={action.isPending}
            onClick={() => void remove(bonus)}
            data-testid={`bonus-queued-${bonus.id}-remove`}
          >
            {action.isPending && <Spinner size={14} />}
            {t('bonus.queued.remove')}
          </Button>
        </li>
      ))}
    </ol>
  );
}
