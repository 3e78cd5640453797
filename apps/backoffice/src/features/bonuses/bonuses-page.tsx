import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { Tabs } from '../../shared/ui/tabs';
import './bonuses.css';
import { ClaimsTab } from './claims-tab';
import { OffersTab } from './offers-tab';
import { PromosTab } from './promos-tab';

const tabs = ['offers', 'promos', 'claims'] as const;
type Tab = (typeof tabs)[number];

/**
 * Bonuses (issue 30, decision 091): offers, promo codes and players' claims, for marketing and
 * admin (`bonuses:manage`). The tab is in the address (`?tab=`), so a link opens it.
 */
export default function BonusesPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.bonuses'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = tabs.includes(asked as Tab) ? (asked as Tab) : 'offers';
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.bonuses')}</h1>
      </div>
      <Tabs
        items={tabs.map((key) => ({ key, label: t(`bonusAdmin.tabs.${key}`) }))}
        selected={tab}
        onSelect={(key) => setParams({ tab: key }, { replace: true })}
        label={t('bonusAdmin.tabsLabel')}
      >
        {tab === 'offers' ? <OffersTab /> : tab === 'promos' ? <PromosTab /> : <ClaimsTab />}
      </Tabs>
    </section>
  );
}
