import { titleIn } from '../../catalog/types';
import type { FairInputs } from '../../fair/ledger';
import { fairPanelHtml, fairPanelScript, lobbyFairUrl } from '../../games/page/fair-panel';
import { GAME_TEXTS } from '../../games/page/texts';
import { escapeHtml, jsonForScript } from '../../shared/html';
import { LINE_PAYS, PAYLINES, BET_LEVELS_MILLI, SCATTER_PAYS } from '../../slot/paytable';
import { SYMBOLS } from '../../slot/symbols';
import type { PlaySession } from '../session';
import { CLIENT_SCRIPT } from './client-script';
import { FAIR_CSS, PAGE_CSS } from './page-css';
import { symbolSprite } from './symbol-sprites';
import { TEXTS } from './texts';
import { THEMES } from './theme';

/**
 * The whole game page: inline CSS, an inline SVG sprite and an inline script, no external
 * asset. The script only draws; every outcome comes from the studio's /spin endpoint.
 */
export function renderGamePage(session: PlaySession, nonce: string, fair: FairInputs): string {
  const theme = THEMES[session.studio];
  const t = TEXTS[session.language];
  const defaultBet = BET_LEVELS_MILLI.includes(1_000) ? 1_000 : (BET_LEVELS_MILLI[0] ?? 100);
  const config = {
    lang: session.language,
    currency: session.currency,
    balance: session.balance,
    bets: BET_LEVELS_MILLI,
    bet: defaultBet,
    demo: session.mode === 'demo',
    symbols: SYMBOLS.length,
    paylines: PAYLINES,
    texts: t,
  };
  const vars = Object.entries(theme.css)
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  const payRows = SYMBOLS.map((name, index) => {
    if (name === 'scatter') return '';
    const pays = LINE_PAYS[index] ?? [0, 0, 0];
    return `<tr><td><svg class="pt-sym" viewBox="0 0 100 100"><use href="#s${index}"/></svg></td>${pays.map((p) => `<td>×${p}</td>`).join('')}</tr>`;
  }).join('');
  const exitLink = session.exitUrl
    ? `<a class="lobby" href="${escapeHtml(`${session.id}/exit`)}" target="_top">← ${escapeHtml(t.lobby)}</a>`
    : '<span></span>';

  return `<!doctype html>
<html lang="${session.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<link rel="icon" href="data:,">
<title>${escapeHtml(titleIn(session.game, session.language))} · ${escapeHtml(theme.label)}</title>
<style>:root{${vars};--font:${theme.font};--title-font:${theme.titleFont}}${PAGE_CSS}${FAIR_CSS}</style>
</head>
<body class="studio-${session.studio}">
${symbolSprite(theme)}
<header class="top">
  ${exitLink}
  <div class="brand"><span class="studio">${escapeHtml(theme.label)}</span><h1>${escapeHtml(titleIn(session.game, session.language))}</h1></div>
  <div class="balance-box">${session.mode === 'demo' ? `<span class="demo">${escapeHtml(t.demo)}</span>` : ''}<span class="label">${escapeHtml(t.balance)}</span><output id="balance" class="money">—</output></div>
</header>
<main>
  <div class="machine">
    <div class="reels" id="reels"></div>
    <svg class="lines" id="lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true"></svg>
  </div>
  <p class="message" id="message" role="status" aria-live="polite">${escapeHtml(t.goodLuck)}</p>
  <div class="controls">
    <div class="bet">
      <button type="button" id="betDown" class="round-btn" aria-label="${escapeHtml(t.bet)} −">−</button>
      <div class="readout"><span class="label">${escapeHtml(t.bet)}</span><output id="bet" class="money">—</output></div>
      <button type="button" id="betUp" class="round-btn" aria-label="${escapeHtml(t.bet)} +">+</button>
    </div>
    <button type="button" id="spin" class="spin">${escapeHtml(t.spin)}</button>
    <div class="readout win-box"><span class="label">${escapeHtml(t.win)}</span><output id="win" class="money">—</output></div>
  </div>
  <p class="footer"><button type="button" id="paytableOpen" class="link-btn">${escapeHtml(t.paytable)}</button> · <button type="button" id="fairBtn" class="link-btn">${escapeHtml(GAME_TEXTS[session.language].fair)}</button> · ${escapeHtml(t.lines)}</p>
</main>
<dialog id="paytable">
  <h2>${escapeHtml(t.paytable)}</h2>
  <table><thead><tr><th></th><th>3</th><th>4</th><th>5</th></tr></thead><tbody>${payRows}</tbody></table>
  <p><svg class="pt-sym inline" viewBox="0 0 100 100"><use href="#s0"/></svg> ${escapeHtml(t.payWild)}</p>
  <p><svg class="pt-sym inline" viewBox="0 0 100 100"><use href="#s1"/></svg> ${escapeHtml(t.payScatter.replace('×2, ×5, ×20', SCATTER_PAYS.map((p) => `×${p}`).join(', ')))}</p>
  <p class="muted">${escapeHtml(t.payLinesNote)}</p>
  <form method="dialog"><button class="spin small">${escapeHtml(t.close)}</button></form>
</dialog>
${fairPanelHtml(session.language)}
<script nonce="${nonce}">window.__GAME__=${jsonForScript(config)};${CLIENT_SCRIPT}</script>
${fairPanelScript(session.language, session.currency, fair, nonce, lobbyFairUrl(session.exitUrl))}
</body>
</html>`;
}

/** A small page for a launch that failed (bad link, expired session), in the studio's look. */
export function renderErrorPage(
  studio: PlaySession['studio'],
  language: PlaySession['language'],
  title: 'expiredTitle' | 'errorTitle',
  detail: string,
): string {
  const theme = THEMES[studio];
  const t = TEXTS[language];
  const vars = Object.entries(theme.css)
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t[title])}</title><style>:root{${vars};--font:${theme.font};--title-font:${theme.titleFont}}${PAGE_CSS}</style></head><body class="studio-${studio} error-page"><main><div class="error-card"><p class="studio">${escapeHtml(theme.label)}</p><h1>${escapeHtml(t[title])}</h1><p>${escapeHtml(detail)}</p></div></main></body></html>`;
}
