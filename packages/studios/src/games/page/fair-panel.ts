import type { FairInputs } from '../../fair/ledger';
import { escapeHtml, jsonForScript } from '../../shared/html';
import type { Language } from '../../shared/language';
import { GAME_TEXTS } from './texts';

/**
 * The "Provably fair" dialog every game page carries (the slot's too): the commitment, the
 * client seed, rotation, and the player's recent rounds with their revealed seeds.
 */
export function fairPanelHtml(language: Language): string {
  const t = GAME_TEXTS[language];
  return `<dialog id="fair" aria-labelledby="fairTitle"><h2 id="fairTitle">${escapeHtml(t.fair)}</h2><p class="muted">${escapeHtml(t.fairHelp)}</p>
<dl class="fair-now"><dt>${escapeHtml(t.serverSeedHash)}</dt><dd><code id="fHash"></code></dd><dt><label for="fClient">${escapeHtml(t.clientSeed)}</label></dt><dd><input id="fClient" maxlength="64" autocomplete="off" spellcheck="false"></dd><dt>${escapeHtml(t.nonce)}</dt><dd><code id="fNonce"></code></dd></dl>
<p><button type="button" class="spin small" id="fSet">${escapeHtml(t.setSeed)}</button></p>
<p id="fRevealed" class="muted" aria-live="polite"></p>
<h3>${escapeHtml(t.recent)}</h3><ol id="fRounds" class="fair-rounds"></ol>
<form method="dialog"><button class="spin small">${escapeHtml(t.close)}</button></form></dialog>`;
}

/**
 * The lobby's provably fair page, where a round's "Verify" link leads: beside the lobby the
 * player came from (the session's exit URL), or none for a game opened on its own.
 */
export function lobbyFairUrl(exitUrl: string | undefined): string | null {
  if (!exitUrl) return null;
  try {
    const url = new URL('/fair', exitUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The panel's data and script; `fairBtn` on the page opens it. */
export function fairPanelScript(
  language: Language,
  currency: string,
  fair: FairInputs,
  nonce: string,
  fairUrl: string | null,
): string {
  const config = { texts: GAME_TEXTS[language], lang: language, currency, fair, fairUrl };
  return `<script nonce="${nonce}">window.__FAIR__=${jsonForScript(config)};${FAIR_PANEL_SCRIPT}</script>`;
}

/*
 * Each round of the list says what it drew in the lobby verifier's terms (pocket, crash
 * point, reel stops, mined tiles 1–25, ball path, drawn numbers, cards in deal order), and
 * offers "Verify" (the lobby's page, filled with the round) once its seed is revealed, or
 * "Reveal the seed" (a rotation) while it is still secret.
 */
const FAIR_PANEL_SCRIPT = String.raw`(function () {
  'use strict';
  var F = window.__FAIR__, T = F.texts, base = location.pathname.replace(/\/$/, '');
  var $ = function (id) { return document.getElementById(id); };
  var RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'], SUITS = ['\u2660', '\u2665', '\u2666', '\u2663'];
  function card(c) { return RANKS[c % 13] + SUITS[Math.floor(c / 13)]; }
  function money(milli) {
    var units = Math.floor(milli / 1000), frac = String(milli % 1000).padStart(3, '0').slice(0, 2);
    return units + (F.lang === 'ru' ? ',' : '.') + frac + ' ' + F.currency;
  }
  function resultOf(r) {
    var o = r.outcome || {};
    switch (r.game) {
      case 'roulette': return String(o.pocket);
      case 'crash': return (o.crash / 100).toFixed(2);
      case 'slot': return (o.stops || []).join(', ');
      case 'mines': return (o.mines || []).map(function (m) { return m + 1; }).join(', ');
      case 'plinko': return (o.path || []).join('');
      case 'keno': return (o.drawn || []).join(', ');
      case 'blackjack': return (o.cards || []).map(card).join(' ');
      case 'baccarat':
        var p = o.player || [], b = o.banker || [];
        return [p[0], b[0], p[1], b[1]].concat(p.slice(2), b.slice(2)).map(card).join(' ');
    }
    return '';
  }
  function verifyHref(r) {
    var q = new URLSearchParams({ game: r.game, server: r.serverSeed, hash: r.serverSeedHash, client: r.clientSeed, nonce: String(r.nonce), result: resultOf(r) });
    return F.fairUrl + '?' + q.toString();
  }
  function show(current) {
    $('fHash').textContent = current.serverSeedHash; $('fNonce').textContent = String(current.nonce);
    if (document.activeElement !== $('fClient')) $('fClient').value = current.clientSeed;
  }
  function rotate(clientSeed) {
    return fetch(base + '/fair/rotate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSeed: clientSeed }) })
      .then(function (r) { return r.json(); }).then(function (a) {
        if (!a.ok) { $('fRevealed').textContent = a.error === 'ROUND_OPEN' ? T.roundOpen : (a.error || ''); return; }
        $('fRevealed').textContent = T.revealed + ': ' + a.revealed + ' (SHA-256 ' + a.revealedHash + ')';
        load();
      });
  }
  function load() {
    show(F.fair);
    fetch(base + '/fair').then(function (r) { return r.json(); }).then(function (f) {
      if (!f.ok) return;
      F.fair = f.current; show(f.current);
      var list = $('fRounds'); list.innerHTML = '';
      f.rounds.slice(0, 50).forEach(function (r) {
        var li = document.createElement('li');
        li.textContent = r.game + ' · nonce ' + r.nonce + ' · ' + T.win + ' ' + money(r.outcome.win) + ' · ' + T.result + ' ' + resultOf(r) + ' · ' + T.clientSeed + ' ' + r.clientSeed + ' · ';
        var code = document.createElement('code'); code.textContent = r.serverSeed || T.hidden; li.appendChild(code);
        li.appendChild(document.createTextNode(' '));
        if (r.serverSeed && F.fairUrl) {
          var a = document.createElement('a'); a.className = 'fair-verify'; a.href = verifyHref(r); a.target = '_blank'; a.rel = 'noopener';
          a.textContent = T.verify; a.setAttribute('aria-label', T.verifyLabel.replace('{nonce}', String(r.nonce)));
          li.appendChild(a);
        } else if (!r.serverSeed) {
          var b = document.createElement('button'); b.type = 'button'; b.className = 'link-btn fair-reveal'; b.textContent = T.revealSeed;
          b.onclick = function () { rotate(undefined); };
          li.appendChild(b);
        }
        list.appendChild(li);
      });
    });
  }
  $('fairBtn').onclick = function () { load(); $('fair').showModal(); };
  $('fSet').onclick = function () { rotate($('fClient').value.trim() || undefined); };
})();`;
