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

/** The panel's data and script; `fairBtn` on the page opens it. */
export function fairPanelScript(
  language: Language,
  currency: string,
  fair: FairInputs,
  nonce: string,
): string {
  const config = { texts: GAME_TEXTS[language], lang: language, currency, fair };
  return `<script nonce="${nonce}">window.__FAIR__=${jsonForScript(config)};${FAIR_PANEL_SCRIPT}</script>`;
}

const FAIR_PANEL_SCRIPT = String.raw`(function () {
  'use strict';
  var F = window.__FAIR__, T = F.texts, base = location.pathname.replace(/\/$/, '');
  var $ = function (id) { return document.getElementById(id); };
  function money(milli) {
    var units = Math.floor(milli / 1000), frac = String(milli % 1000).padStart(3, '0').slice(0, 2);
    return units + (F.lang === 'ru' ? ',' : '.') + frac + ' ' + F.currency;
  }
  function show(current) {
    $('fHash').textContent = current.serverSeedHash; $('fNonce').textContent = String(current.nonce);
    if (document.activeElement !== $('fClient')) $('fClient').value = current.clientSeed;
  }
  function load() {
    show(F.fair);
    fetch(base + '/fair').then(function (r) { return r.json(); }).then(function (f) {
      if (!f.ok) return;
      F.fair = f.current; show(f.current);
      var list = $('fRounds'); list.innerHTML = '';
      f.rounds.slice(0, 50).forEach(function (r) {
        var li = document.createElement('li');
        li.textContent = r.game + ' · nonce ' + r.nonce + ' · ' + T.win + ' ' + money(r.outcome.win) + ' · ' + T.clientSeed + ' ' + r.clientSeed + ' · ';
        var code = document.createElement('code'); code.textContent = r.serverSeed || T.hidden; li.appendChild(code);
        list.appendChild(li);
      });
    });
  }
  $('fairBtn').onclick = function () { load(); $('fair').showModal(); };
  $('fSet').onclick = function () {
    fetch(base + '/fair/rotate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSeed: $('fClient').value.trim() || undefined }) })
      .then(function (r) { return r.json(); }).then(function (a) {
        if (!a.ok) { $('fRevealed').textContent = a.error === 'ROUND_OPEN' ? T.roundOpen : (a.error || ''); return; }
        $('fRevealed').textContent = T.revealed + ': ' + a.revealed + ' (SHA-256 ' + a.revealedHash + ')';
        load();
      });
  };
})();`;
