/**
 * The browser side of the game: draws reels, asks the studio's server to spin, animates the
 * answer. Plain ES2017 kept in a string so the page needs no bundler and no external file.
 * It never decides an outcome.
 */
export const CLIENT_SCRIPT = String.raw`(function () {
  'use strict';
  var G = window.__GAME__;
  var T = G.texts;
  var $ = function (id) { return document.getElementById(id); };
  // Inside an operator's frame, whose own bar leads back to its lobby, the studio's Lobby link
  // would be a second way out of the same page: the page is marked and the stylesheet hides
  // it; only a game opened on its own shows it.
  if (window.self !== window.top) document.documentElement.classList.add('framed');
  var reelsEl = $('reels'), linesEl = $('lines'), msgEl = $('message');
  var spinBtn = $('spin'), upBtn = $('betUp'), downBtn = $('betDown');
  var balance = G.balance, betIndex = Math.max(0, G.bets.indexOf(G.bet)), spinning = false;
  var LINE_COLORS = ['#ffe600', '#22e4ff', '#ff4f81', '#7dff3c', '#ff9f1c', '#c77dff', '#00f5d4', '#ff5e5b', '#f5b544', '#3ec6ff'];
  var sep = G.lang === 'ru' ? { group: '\u00a0', dec: ',' } : { group: ',', dec: '.' };

  function money(milli) {
    var neg = milli < 0; milli = Math.abs(milli);
    var units = Math.floor(milli / 1000), frac = milli % 1000;
    var decimals = frac % 10 === 0 ? 2 : 3;
    var fracText = String(frac).padStart(3, '0').slice(0, decimals);
    var intText = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, sep.group);
    return (neg ? '-' : '') + intText + sep.dec + fracText + ' ' + G.currency;
  }
  function rand(n) { return Math.floor(Math.random() * n); }
  function cell(sym) {
    var d = document.createElement('div');
    d.className = 'cell';
    d.innerHTML = '<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#s' + sym + '"/></svg>';
    return d;
  }
  var reels = [];
  function buildReels(grid) {
    reelsEl.innerHTML = '';
    reels = [];
    for (var r = 0; r < 5; r++) {
      var reel = document.createElement('div'); reel.className = 'reel';
      var strip = document.createElement('div'); strip.className = 'strip';
      strip.style.height = '100%';
      for (var row = 0; row < 3; row++) strip.appendChild(cell(grid ? grid[r * 3 + row] : 2 + rand(G.symbols - 2)));
      reel.appendChild(strip); reelsEl.appendChild(reel); reels.push({ reel: reel, strip: strip });
    }
  }
  function setMessage(text, kind) { msgEl.textContent = text; msgEl.className = 'message' + (kind ? ' ' + kind : ''); }
  function render() {
    $('balance').textContent = money(balance);
    $('bet').textContent = money(G.bets[betIndex]);
    downBtn.disabled = spinning || betIndex === 0;
    upBtn.disabled = spinning || betIndex === G.bets.length - 1;
    spinBtn.disabled = spinning;
  }
  function clearWins() {
    linesEl.innerHTML = '';
    var hits = reelsEl.querySelectorAll('.cell.hit');
    for (var i = 0; i < hits.length; i++) hits[i].classList.remove('hit');
  }
  function showWins(answer) {
    var ns = 'http://www.w3.org/2000/svg';
    answer.lines.forEach(function (w) {
      var rows = G.paylines[w.line];
      var points = rows.map(function (row, reel) { return (reel * 100 + 50) + ',' + (row * 100 + 50); }).join(' ');
      var pl = document.createElementNS(ns, 'polyline');
      pl.setAttribute('points', points);
      pl.setAttribute('stroke', LINE_COLORS[w.line % LINE_COLORS.length]);
      linesEl.appendChild(pl);
      for (var reel = 0; reel < w.count; reel++) {
        var c = reels[reel].strip.children[rows[reel]];
        if (c) c.classList.add('hit');
      }
    });
    if (answer.scatter.win > 0) {
      for (var r = 0; r < 5; r++) for (var row = 0; row < 3; row++) {
        if (answer.grid[r * 3 + row] === 1) reels[r].strip.children[row].classList.add('hit');
      }
    }
  }
  function animate(grid, done) {
    var finished = 0;
    reels.forEach(function (entry, r) {
      var strip = entry.strip, count = 14 + r * 4;
      strip.innerHTML = '';
      for (var i = 0; i < count; i++) strip.appendChild(cell(rand(G.symbols)));
      for (var row = 0; row < 3; row++) strip.appendChild(cell(grid[r * 3 + row]));
      var total = count + 3;
      strip.style.height = (total / 3 * 100) + '%';
      strip.style.transition = 'none';
      strip.style.transform = 'translateY(0)';
      void strip.offsetHeight;
      var reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      var ms = reduce ? 1 : 650 + r * 220;
      strip.style.transition = 'transform ' + ms + 'ms cubic-bezier(.18,.7,.25,1.04)';
      strip.style.transform = 'translateY(' + (-(count / total) * 100) + '%)';
      setTimeout(function () {
        strip.style.transition = 'none';
        strip.style.transform = 'translateY(0)';
        strip.style.height = '100%';
        while (strip.children.length > 3) strip.removeChild(strip.firstChild);
        if (++finished === reels.length) done();
      }, ms + 30);
    });
  }
  function spin() {
    if (spinning) return;
    spinning = true; clearWins(); render(); setMessage('\u00a0');
    $('win').textContent = money(0);
    var bet = G.bets[betIndex];
    fetch(location.pathname.replace(/\/$/, '') + '/spin', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bet: bet }),
    }).then(function (res) { return res.json(); }).then(function (answer) {
      if (!answer.ok) {
        balance = answer.balance; spinning = false; render();
        setMessage(T[answer.error] || T.NETWORK, 'error');
        return;
      }
      balance = Math.max(0, balance - bet); render();
      animate(answer.grid, function () {
        spinning = false; balance = answer.balance;
        $('win').textContent = money(answer.win);
        if (answer.win > 0) { showWins(answer); setMessage(T.youWon + ': ' + money(answer.win), 'win'); }
        else setMessage(T.noWin);
        if (answer.winPending) setMessage(T.winPending, 'win');
        render();
      });
    }).catch(function () { spinning = false; render(); setMessage(T.NETWORK, 'error'); });
  }
  spinBtn.addEventListener('click', spin);
  upBtn.addEventListener('click', function () { if (betIndex < G.bets.length - 1) betIndex++; render(); });
  downBtn.addEventListener('click', function () { if (betIndex > 0) betIndex--; render(); });
  document.addEventListener('keydown', function (e) {
    if (e.code !== 'Space' && e.key !== 'Enter') return;
    var tag = e.target && e.target.tagName;
    if (tag === 'BUTTON' || tag === 'A' || tag === 'INPUT' || document.querySelector('dialog[open]')) return;
    e.preventDefault(); spin();
  });
  var dialog = $('paytable');
  $('paytableOpen').addEventListener('click', function () { if (dialog.showModal) dialog.showModal(); });
  buildReels(null);
  $('win').textContent = money(0);
  render();
})();`;
