import { titleIn, type GameType } from '../../catalog/types';
import type { FairInputs } from '../../fair/ledger';
import { THEMES } from '../../game/page/theme';
import { FAIR_CSS, PAGE_CSS } from '../../game/page/page-css';
import type { PlaySession } from '../../game/session';
import { escapeHtml, jsonForScript } from '../../shared/html';
import { KENO_PAYS } from '../keno/math';
import { TILES } from '../mines/math';
import { PLINKO_PAYS } from '../plinko/math';
import { CHIPS } from '../play-kit';
import { ROULETTE_SPOTS } from '../roulette/math';
import { TABLE_CLIENT_SCRIPT } from './client';
import { TABLE_CSS } from './css';
import { fairPanelHtml, fairPanelScript, lobbyFairUrl } from './fair-panel';
import { rulesHtml } from './rules';
import { GAME_TEXTS } from './texts';

type TableType = Exclude<GameType, 'slot'>;

function body(type: TableType, t: (typeof GAME_TEXTS)['en']): string {
  const chips = `<div class="bet"><button type="button" class="round-btn" id="chipDown" aria-label="−">−</button><div class="readout"><span class="label">${escapeHtml(t.stake)}</span><output id="chip" class="money">—</output></div><button type="button" class="round-btn" id="chipUp" aria-label="+">+</button></div>`;
  switch (type) {
    case 'roulette':
      return `<div class="rl-top"><div class="rl-result" id="result" aria-live="polite">–</div><div class="rl-last"><span class="label">${escapeHtml(t.last)}</span><span id="last"></span></div></div>
<div class="rl-board" id="board"></div>
<div class="controls">${chips}<label class="field"><span class="label">${escapeHtml(t.spot)}</span><select id="spot"></select></label><button type="button" class="spin small" id="addBet">${escapeHtml(t.addBet)}</button></div>
<ul class="stakes" id="stakes" aria-live="polite"></ul>
<div class="controls"><div class="readout"><span class="label">${escapeHtml(t.total)}</span><output id="total" class="money">—</output></div><button type="button" class="link-btn" id="clear">${escapeHtml(t.clear)}</button><button type="button" class="spin" id="go">${escapeHtml(t.spin)}</button></div>`;
    case 'blackjack':
      return `<div class="felt"><div class="row"><span class="label">${escapeHtml(t.dealer)} <output id="dealerTotal"></output></span><div class="cards" id="dealer"></div></div><div id="hands" class="hands"></div></div>
<div class="insurance" id="insurance" hidden><p>${escapeHtml(t.insuranceQ)}</p><button type="button" class="spin small" id="insYes">${escapeHtml(t.yes)}</button> <button type="button" class="spin small" id="insNo">${escapeHtml(t.no)}</button></div>
<div class="controls" id="moves"><button type="button" class="spin small" id="hit" data-move="hit">${escapeHtml(t.hit)} (H)</button><button type="button" class="spin small" id="stand" data-move="stand">${escapeHtml(t.stand)} (S)</button><button type="button" class="spin small" id="double" data-move="double">${escapeHtml(t.double)} (D)</button><button type="button" class="spin small" id="split" data-move="split">${escapeHtml(t.split)} (P)</button></div>
<div class="controls">${chips}<button type="button" class="spin" id="go">${escapeHtml(t.deal)}</button></div>`;
    case 'baccarat':
      return `<div class="felt bc"><div class="row"><span class="label">${escapeHtml(t.player)} <output id="playerTotal"></output></span><div class="cards" id="playerCards"></div></div><div class="row"><span class="label">${escapeHtml(t.banker)} <output id="bankerTotal"></output></span><div class="cards" id="bankerCards"></div></div></div>
<div class="spots">${(['player', 'banker', 'tie'] as const)
        .map(
          (s) =>
            `<button type="button" class="spot" id="bet-${s}" data-side="${s}"><span>${escapeHtml(t[s])} · ${s === 'tie' ? '8:1' : s === 'banker' ? '0.95:1' : '1:1'}</span><output class="money"></output></button>`,
        )
        .join('')}</div>
<div class="controls">${chips}<div class="readout"><span class="label">${escapeHtml(t.total)}</span><output id="total" class="money">—</output></div><button type="button" class="link-btn" id="clear">${escapeHtml(t.clear)}</button><button type="button" class="spin" id="go">${escapeHtml(t.deal)}</button></div>`;
    case 'crash':
      return `<div class="crash-screen" id="screen"><output id="mult" aria-live="off">×1.00</output><svg viewBox="0 0 300 120" preserveAspectRatio="none" aria-hidden="true"><polyline id="curve" points="0,120"/></svg></div>
<div class="controls">${chips}<label class="field"><span class="label">${escapeHtml(t.auto)}</span><input id="auto" type="number" min="1.01" max="1000" step="0.01" value="2.00" inputmode="decimal"></label><button type="button" class="spin" id="go">${escapeHtml(t.start)}</button><button type="button" class="spin" id="cash" disabled>${escapeHtml(t.cashout)}</button></div>`;
    case 'mines':
      return `<div class="mines-top"><div class="readout"><span class="label">×</span><output id="mult">—</output></div><div class="readout"><span class="label">${escapeHtml(t.next)}</span><output id="next">—</output></div></div>
<div class="mines-grid" id="grid">${Array.from({ length: TILES }, (_, i) => `<button type="button" class="tile" data-tile="${i}" aria-label="${i + 1}" disabled></button>`).join('')}</div>
<div class="controls">${chips}<label class="field"><span class="label">${escapeHtml(t.mines)}</span><select id="count">${Array.from({ length: 24 }, (_, i) => `<option value="${i + 1}"${i === 2 ? ' selected' : ''}>${i + 1}</option>`).join('')}</select></label><button type="button" class="spin" id="go">${escapeHtml(t.start)}</button><button type="button" class="spin" id="cash" disabled>${escapeHtml(t.cashout)}</button></div>`;
    case 'plinko':
      return `<svg class="plinko" id="board" viewBox="0 0 260 250" role="img" aria-label="Plinko"></svg>
<div class="bins" id="bins"></div>
<div class="controls">${chips}<label class="field"><span class="label">${escapeHtml(t.risk)}</span><select id="risk"><option value="low">${escapeHtml(t.low)}</option><option value="medium" selected>${escapeHtml(t.medium)}</option><option value="high">${escapeHtml(t.high)}</option></select></label><button type="button" class="spin" id="go">${escapeHtml(t.drop)}</button></div>`;
    case 'keno':
      return `<p class="muted" id="hint">${escapeHtml(t.pickHint)}</p>
<div class="keno-grid" id="grid">${Array.from({ length: 40 }, (_, i) => `<button type="button" class="knum" data-n="${i + 1}" aria-pressed="false">${i + 1}</button>`).join('')}</div>
<p class="muted" id="pays"></p>
<div class="controls">${chips}<button type="button" class="link-btn" id="clear">${escapeHtml(t.clear)}</button><button type="button" class="spin" id="go">${escapeHtml(t.draw)}</button></div>`;
  }
}

/**
 * The page of every game but the slot: one self-contained document (inline CSS and script,
 * no external asset) in the studio's look, with the rules and the provably fair panel. The
 * script only draws and sends the player's choices; every outcome comes from the server.
 */
export function renderTableGamePage(
  session: PlaySession,
  nonce: string,
  fair: FairInputs,
  round: Record<string, unknown> | undefined,
): string {
  const type = session.game.gameType as TableType;
  const theme = THEMES[session.studio];
  const t = GAME_TEXTS[session.language];
  const vars = Object.entries(theme.css)
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  const config = {
    type,
    lang: session.language,
    currency: session.currency,
    balance: session.balance,
    chips: CHIPS,
    chip: 1_000,
    texts: t,
    round: round ?? null,
    spots:
      type === 'roulette'
        ? [...ROULETTE_SPOTS.values()].map((s) => ({
            key: s.key,
            kind: s.kind,
            numbers: s.numbers,
          }))
        : undefined,
    plinko: type === 'plinko' ? PLINKO_PAYS : undefined,
    keno: type === 'keno' ? KENO_PAYS : undefined,
  };
  const exitLink = session.exitUrl
    ? `<a class="lobby" href="${escapeHtml(`${session.id}/exit`)}" target="_top">← ${escapeHtml(session.language === 'ru' ? 'В лобби' : 'Lobby')}</a>`
    : '<span></span>';
  return `<!doctype html>
<html lang="${session.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<link rel="icon" href="data:,">
<title>${escapeHtml(titleIn(session.game, session.language))} · ${escapeHtml(theme.label)}</title>
<style>:root{${vars};--font:${theme.font};--title-font:${theme.titleFont}}${PAGE_CSS}${FAIR_CSS}${TABLE_CSS}</style>
</head>
<body class="studio-${session.studio} game-${type}">
<header class="top">
  ${exitLink}
  <div class="brand"><span class="studio">${escapeHtml(theme.label)}</span><h1>${escapeHtml(titleIn(session.game, session.language))}</h1></div>
  <div class="balance-box">${session.mode === 'demo' ? `<span class="demo">${session.language === 'ru' ? 'Демо' : 'Demo'}</span>` : ''}<span class="label">${session.language === 'ru' ? 'Баланс' : 'Balance'}</span><output id="balance" class="money">—</output></div>
</header>
<main>
${body(type, t)}
<p class="message" id="message" role="status" aria-live="polite"></p>
<p class="footer"><button type="button" class="link-btn" id="rulesBtn">${escapeHtml(t.rules)}</button> · <button type="button" class="link-btn" id="fairBtn">${escapeHtml(t.fair)}</button></p>
</main>
<dialog id="rules" aria-labelledby="rulesTitle"><h2 id="rulesTitle">${escapeHtml(t.rules)}</h2>${rulesHtml(type, session.language)}<form method="dialog"><button class="spin small">${escapeHtml(t.close)}</button></form></dialog>
${fairPanelHtml(session.language)}
<script nonce="${nonce}">window.__GAME__=${jsonForScript(config)};</script>
<script nonce="${nonce}">${TABLE_CLIENT_SCRIPT}</script>
${fairPanelScript(session.language, session.currency, fair, nonce, lobbyFairUrl(session.exitUrl))}
</body>
</html>`;
}
