import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button/button';
import { Page } from '../../../shared/ui/page/page';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { useFaq } from '../api/faq';
import { FaqAccordion } from '../components/faq-accordion';
import { SupportCards } from '../components/support-cards';
import styles from './faq-page.module.css';

/**
 * The FAQ / support page, both stand-alone (/faq) and inside the profile (/profile/faq):
 * the support cards, then the top questions from the operator's FAQ file.
 */
export function FaqPage() {
  const { t } = useTranslation();
  const faq = useFaq(useLanguage());
  return (
    <Page title={t('pages.faq.title')}>
      <div className={styles.layout}>
        <SupportCards />
        <section aria-labelledby="faq-top-questions">
          <h2 id="faq-top-questions" className={styles.heading}>
            {t('help.topQuestions')}
          </h2>
          {faq.isPending ? (
            <p className={styles.state} role="status">
              <Spinner size={18} />
              {t('help.loading')}
            </p>
          ) : faq.isError ? (
            <div className={styles.state} role="alert">
              <p>{t('help.faqError')}</p>
              <Button size="sm" onClick={() => void faq.refetch()}>
                {t('help.retry')}
              </Button>
            </div>
          ) : (
            <FaqAccordion key={faq.data.lang} sections={faq.data.sections} />
          )}
        </section>
      </div>
    </Page>
  );
}
