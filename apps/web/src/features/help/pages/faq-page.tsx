import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/query-state/query-state';
import { useLanguage } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page/page';
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
          <QueryState
            query={faq}
            loading={t('help.loading')}
            error={t('help.faqError')}
            retry={t('help.retry')}
          >
            {(data) => <FaqAccordion key={data.lang} sections={data.sections} />}
          </QueryState>
        </section>
      </div>
    </Page>
  );
}
