import { Award, Crown, ScrollText, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState, type EmptyStateTone } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

export type InfoPageKind = 'premium' | 'privacy' | 'terms' | 'loyalty';

const looks: Record<InfoPageKind, { icon: LucideIcon; tone: EmptyStateTone }> = {
  premium: { icon: Crown, tone: 'gold' },
  privacy: { icon: ShieldCheck, tone: 'accent' },
  terms: { icon: ScrollText, tone: 'accent' },
  loyalty: { icon: Award, tone: 'gold' },
};

/** Small information pages: Premium, Privacy Policy, Terms & Conditions, Loyalty. */
export function InfoPage({ kind }: { kind: InfoPageKind }) {
  const { t } = useTranslation();
  const { icon, tone } = looks[kind];
  return (
    <Page title={t(`pages.${kind}.title`)}>
      <EmptyState
        icon={icon}
        tone={tone}
        title={t(`pages.${kind}.emptyTitle`)}
        text={t(`pages.${kind}.emptyText`)}
        action={
          <Link to="/" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            {t('pages.backHome')}
          </Link>
        }
      />
    </Page>
  );
}
