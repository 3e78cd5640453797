import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../auth/session';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { usePageTitle } from '../../../shared/lib/use-page-title';
import { QueryView } from '../../../shared/ui/states';
import { Tabs, type TabItem } from '../../../shared/ui/tabs';
import { PlayerActions } from '../actions/player-actions';
import { RgPanel } from '../rg/rg-panel';
import { usePlayer } from '../player-queries';
import { AuditSection } from '../sections/audit-section';
import { BonusesSection } from '../sections/bonuses-section';
import { ChatSection } from '../sections/chat-section';
import { IdentitySection } from '../sections/identity-section';
import { LedgerSection } from '../sections/ledger-section';
import { NotesSection } from '../sections/notes-section';
import { PaymentsSection } from '../sections/payments-section';
import { SessionsSection } from '../sections/sessions-section';
import { SupportThread } from '../../support/support-thread';
import { TagsEditor } from '../sections/tags-editor';
import { StatusChip } from '../status-chip';

type TabKey =
  | 'ledger'
  | 'payments'
  | 'bonuses'
  | 'sessions'
  | 'identity'
  | 'support'
  | 'chat'
  | 'notes'
  | 'rg'
  | 'audit';

/** One player: who they are, their money, and every desk's view of them, one tab each. */
export default function PlayerPage() {
  const { userId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const can = useCan();
  const player = usePlayer(userId);
  usePageTitle(player.data?.username ?? t('nav.players'));
  const [params, setParams] = useSearchParams();

  const tabs: TabItem<TabKey>[] = (
    [
      ['ledger', can('players:read')],
      ['payments', can('payments:read')],
      ['bonuses', can('bonuses:read')],
      ['sessions', can('players:read')],
      ['identity', can('identity:read')],
      ['support', can('support:read')],
      ['chat', can('chat:moderate')],
      ['notes', can('players:read')],
      ['rg', can('limits:read')],
      ['audit', can('players:read')],
    ] as const
  )
    .filter(([, allowed]) => allowed)
    .map(([key]) => ({ key, label: key === 'rg' ? t('rg.tab') : t(`player.tabs.${key}`) }));
  const requested = params.get('tab');
  const selected = tabs.find((tab) => tab.key === requested)?.key ?? tabs[0]?.key ?? 'ledger';

  return (
    <section className="page">
      <nav aria-label={t('player.breadcrumb')}>
        <Link to="/players">← {t('nav.players')}</Link>
      </nav>
      <QueryView query={player} lines={8}>
        {(p) => (
          <>
            <div className="page-head">
              <h1 className="page-title" data-testid="player-name">
                {p.username} <StatusChip status={p.status} />
              </h1>
              <PlayerActions player={p} />
            </div>
            {p.block ? (
              <p className="banner banner-error" role="status">
                {t('player.blockedBanner', {
                  by: p.block.blocked_by,
                  date: formatDateTime(p.block.blocked_at, i18n.language),
                  reason: p.block.reason,
                })}
              </p>
            ) : null}
            <div className="grid-2">
              <div className="card">
                <h2 className="card-title">{t('player.profile')}</h2>
                <dl className="facts">
                  <dt>{t('players.columns.email')}</dt>
                  <dd>{p.email}</dd>
                  <dt>{t('player.id')}</dt>
                  <dd>
                    <code>{p.id}</code>
                  </dd>
                  <dt>{t('player.dateOfBirth')}</dt>
                  <dd>{p.date_of_birth ?? '—'}</dd>
                  <dt>{t('players.columns.country')}</dt>
                  <dd>{p.country ?? '—'}</dd>
                  <dt>{t('players.columns.registered')}</dt>
                  <dd>{formatDateTime(p.registered_at, i18n.language)}</dd>
                  <dt>{t('players.columns.lastSeen')}</dt>
                  <dd>{formatDateTime(p.last_seen_at, i18n.language)}</dd>
                  <dt>{t('player.twoFactor')}</dt>
                  <dd>{p.two_factor ? t('common.yes') : t('common.no')}</dd>
                  <dt>{t('player.identity')}</dt>
                  <dd data-testid="player-identity-status">
                    {t(`identity.status.${p.identity_status}`)}
                  </dd>
                  <dt>{t('player.chatMute')}</dt>
                  <dd>
                    {p.chat_muted_until
                      ? t('player.mutedUntil', {
                          date: formatDateTime(p.chat_muted_until, i18n.language),
                        })
                      : t('common.no')}
                  </dd>
                  {p.closed_at ? (
                    <>
                      <dt>{t('player.closedAt')}</dt>
                      <dd>{formatDateTime(p.closed_at, i18n.language)}</dd>
                    </>
                  ) : null}
                </dl>
                <TagsEditor userId={p.id} tags={p.tags} />
              </div>
              <div className="card">
                <h2 className="card-title">{t('player.balances')}</h2>
                <dl className="facts num" data-testid="player-balances">
                  <dt>{t('players.columns.cash')}</dt>
                  <dd>
                    <strong>{formatMoney(p.cash, p.currency)}</strong>
                  </dd>
                  <dt>{t('players.columns.bonus')}</dt>
                  <dd>{formatMoney(p.bonus, p.currency)}</dd>
                  <dt>{t('player.totals.deposits')}</dt>
                  <dd>{formatMoney(p.totals.deposits, p.currency)}</dd>
                  <dt>{t('player.totals.withdrawals')}</dt>
                  <dd>{formatMoney(p.totals.withdrawals, p.currency)}</dd>
                  <dt>{t('player.totals.stakes')}</dt>
                  <dd>{formatMoney(p.totals.stakes, p.currency)}</dd>
                  <dt>{t('player.totals.wins')}</dt>
                  <dd>{formatMoney(p.totals.wins, p.currency)}</dd>
                </dl>
              </div>
            </div>
            <Tabs
              items={tabs}
              selected={selected}
              label={t('player.tabsLabel')}
              onSelect={(key) => {
                const next = new URLSearchParams(params);
                next.set('tab', key);
                setParams(next, { replace: true });
              }}
            >
              {selected === 'ledger' ? <LedgerSection userId={p.id} /> : null}
              {selected === 'payments' ? <PaymentsSection userId={p.id} /> : null}
              {selected === 'bonuses' ? <BonusesSection userId={p.id} /> : null}
              {selected === 'sessions' ? <SessionsSection userId={p.id} /> : null}
              {selected === 'identity' ? <IdentitySection userId={p.id} /> : null}
              {selected === 'support' ? <SupportThread userId={p.id} /> : null}
              {selected === 'chat' ? <ChatSection userId={p.id} /> : null}
              {selected === 'notes' ? <NotesSection userId={p.id} /> : null}
              {selected === 'rg' ? <RgPanel userId={p.id} /> : null}
              {selected === 'audit' ? <AuditSection userId={p.id} /> : null}
            </Tabs>
          </>
        )}
      </QueryView>
    </section>
  );
}
