import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { TextField } from '../../../shared/ui/field/text-field';
import { Page } from '../../../shared/ui/page/page';
import {
  cardLabel,
  FAIR_GAMES,
  reproduce,
  sha256Hex,
  type FairGame,
  type Reproduced,
} from '../reproduce';
import styles from './fair-page.module.css';

interface Result {
  hash: string;
  drawn: Reproduced;
}

/** "What the round drew", in words a player can compare with the game's history. */
function describe(drawn: Reproduced): string {
  switch (drawn.game) {
    case 'roulette':
      return String(drawn.pocket);
    case 'crash':
      return `×${(drawn.crash / 100).toFixed(2)}`;
    case 'blackjack':
    case 'baccarat':
      return drawn.cards.map(cardLabel).join(' ');
    case 'mines':
      return drawn.mines.map((m) => m + 1).join(', ');
    case 'plinko':
      return `${drawn.path.join('')} → ${drawn.bin}`;
    case 'keno':
      return drawn.drawn.join(', ');
    case 'slot':
      return drawn.stops.join(', ');
  }
}

/**
 * The lobby's verifier for the studios' provably fair games: the revealed server seed, the
 * client seed and the nonce reproduce the round in this browser (Web Crypto), and the seed's
 * SHA-256 is shown to compare with the commitment the game displayed before the round.
 */
export function FairPage() {
  const { t } = useTranslation();
  const [game, setGame] = useState<FairGame>('roulette');
  const [serverSeed, setServerSeed] = useState('');
  const [clientSeed, setClientSeed] = useState('');
  const [nonce, setNonce] = useState('0');
  const [extra, setExtra] = useState('');
  const [result, setResult] = useState<Result | undefined>();
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(nonce);
    if (!serverSeed || !clientSeed || !Number.isSafeInteger(n) || n < 0) {
      setError(t('pages.fair.invalid'));
      setResult(undefined);
      return;
    }
    setError(undefined);
    const more = extra === '' ? undefined : Number(extra);
    const [hash, drawn] = await Promise.all([
      sha256Hex(serverSeed),
      reproduce(
        game,
        serverSeed,
        clientSeed,
        n,
        more !== undefined && more > 0 && more <= 60 ? more : undefined,
      ),
    ]);
    setResult({ hash, drawn });
  };

  return (
    <Page title={t('pages.fair.title')}>
      <p className={styles.intro}>{t('pages.fair.intro')}</p>
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <label className={styles.select}>
          <span>{t('pages.fair.game')}</span>
          <select
            value={game}
            onChange={(e) => setGame(e.target.value as FairGame)}
            data-testid="fair-game"
          >
            {FAIR_GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`pages.fair.games.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('pages.fair.serverSeed')}
          value={serverSeed}
          onChange={(e) => setServerSeed(e.target.value.trim())}
          spellCheck={false}
          autoComplete="off"
          testId="fair-server-seed"
        />
        <TextField
          label={t('pages.fair.clientSeed')}
          value={clientSeed}
          onChange={(e) => setClientSeed(e.target.value.trim())}
          spellCheck={false}
          autoComplete="off"
          testId="fair-client-seed"
        />
        <TextField
          label={t('pages.fair.nonce')}
          value={nonce}
          onChange={(e) => setNonce(e.target.value)}
          inputMode="numeric"
          testId="fair-nonce"
        />
        {(game === 'mines' || game === 'blackjack' || game === 'baccarat') && (
          <TextField
            label={t(game === 'mines' ? 'pages.fair.mines' : 'pages.fair.cards')}
            value={extra}
            onChange={(e) => setExtra(e.target.value)}
            inputMode="numeric"
            testId="fair-extra"
          />
        )}
        <Button type="submit" variant="primary" data-testid="fair-verify">
          {t('pages.fair.verify')}
        </Button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {result && (
        <dl className={styles.result} aria-live="polite" data-testid="fair-result">
          <dt>{t('pages.fair.hash')}</dt>
          <dd>
            <code>{result.hash}</code>
          </dd>
          <dt>{t('pages.fair.drawn')}</dt>
          <dd data-testid="fair-drawn">{describe(result.drawn)}</dd>
        </dl>
      )}
    </Page>
  );
}
