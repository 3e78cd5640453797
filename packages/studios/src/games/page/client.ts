/**
 * The browser side of the table and instant games: draws the table, sends the player's
 * choices to /play and shows the server's answers. Plain ES2017 kept in a string so the page
 * needs no bundler and no external file. It never decides an outcome.
 */
export const TABLE_CLIENT_SCRIPT = String.raw`(function () {
  'use strict';
  var G = window.__GAME__, T = G.texts, base = location.pathname.replace(/\/$/, '');
  var $ = function (id) { return document.getElementById(id); };
  // Inside an operator's frame, whose own bar leads back to its lobby, the studio's Lobby link
  // would be a second way out: the page is marked, and the stylesheet leaves the link out.
  if (window.self !== window.top) document.documentElement.classList.add('framed');
  var balance = G.balance, chipIndex = Math.max(0, G.chips.indexOf(G.chip)), busy = false;
  var sep = G.lang === 'ru' ? { group: '\u00a0', dec: ',' } : { group: ',', dec: '.' };
  var RED = [1,3,5,7,9,12,14,16,18,19,21,23,25,27,30,32,34,36];
  function money(milli) {
    var neg = milli < 0; milli = Math.abs(Math.round(milli));
    var units = Math.floor(milli / 1000), frac = milli % 1000;
    var decimals = frac % 10 === 0 ? 2 : 3;
    var intText = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, sep.group);
    return (neg ? '-' : '') + intText + sep.dec + String(frac).padStart(3, '0').slice(0, decimals) + ' ' + G.currency;
  }
  function mult(h) { return '×' + (h / 100).toFixed(2).replace('.', sep.dec); }
  function msg(text, kind) { var m = $('message'); m.textContent = text || ''; m.className = 'message' + (kind ? ' ' + kind : ''); }
  function chip() { return G.chips[chipIndex]; }
  function renderChrome() {
    $('balance').textContent = money(balance);
    if ($('chip')) { $('chip').textContent = money(chip()); $('chipDown').disabled = chipIndex === 0; $('chipUp').disabled = chipIndex === G.chips.length - 1; }
  }
  if ($('chipDown')) {
    $('chipDown').onclick = function () { if (chipIndex > 0) chipIndex--; renderChrome(); };
    $('chipUp').onclick = function () { if (chipIndex < G.chips.length - 1) chipIndex++; renderChrome(); };
  }
  function post(path, body) {
    return fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) })
      .then(function (r) { return r.json(); });
  }
  function play(body) {
    busy = true; setBusy(true);
    return post('/play', body).then(function (a) {
      busy = false;
      if (typeof a.balance === 'number') balance = a.balance;
      renderChrome();
      if (!a.ok) msg(T.errors[a.error] || a.error, 'error');
      setBusy(false);
      return a;
    }, function () { busy = false; setBusy(false); msg(T.errors.NETWORK, 'error'); return { ok: false }; });
  }
  function outcomeMessage(a) {
    if (a.winPending) return msg(T.winPending, 'win');
    var staked = a.staked || a.bet || 0;
    if (a.win > 0 && a.win === staked) return msg(T.push + ': ' + money(a.win));
    if (a.win > 0) return msg(T.youWon + ' ' + money(a.win), 'win');
    msg(T.noWin);
  }
  function cardEl(c) {
    var d = document.createElement('span');
    if (c === null || c === undefined) { d.className = 'card back'; d.setAttribute('aria-label', '?'); return d; }
    var r = ['A','2','3','4','5','6','7','8','9','10','J','Q','K'][c % 13], s = ['♠','♥','♦','♣'][Math.floor(c / 13)];
    d.className = 'card' + (s === '♥' || s === '♦' ? ' red' : ''); d.textContent = r + s; return d;
  }
  function showCards(el, cards) { el.innerHTML = ''; cards.forEach(function (c) { el.appendChild(cardEl(c)); }); }
  var setBusy = function () {};
  var games = {};

  games.roulette = function () {
    var stakes = [], last = [];
    var spots = {}; G.spots.forEach(function (s) { spots[s.key] = s; });
    var names = G.lang === 'ru'
      ? { straight: 'Число', split: 'Сплит', street: 'Стрит', corner: 'Каре', line: 'Линия', dozen: 'Дюжина', column: 'Колонка', red: 'Красное', black: 'Чёрное', odd: 'Нечёт', even: 'Чёт', low: '1–18', high: '19–36' }
      : { straight: 'Straight', split: 'Split', street: 'Street', corner: 'Corner', line: 'Line', dozen: 'Dozen', column: 'Column', red: 'Red', black: 'Black', odd: 'Odd', even: 'Even', low: '1–18', high: '19–36' };
    function label(s) {
      if (s.kind === 'dozen' || s.kind === 'column') return names[s.kind] + ' ' + s.key.split(':')[1];
      if (s.numbers.length === 18) return names[s.kind];
      return names[s.kind] + ' ' + s.numbers.join('-');
    }
    var select = $('spot'), groups = {};
    G.spots.forEach(function (s) {
      if (!groups[s.kind]) { groups[s.kind] = document.createElement('optgroup'); groups[s.kind].label = names[s.kind]; select.appendChild(groups[s.kind]); }
      var o = document.createElement('option'); o.value = s.key; o.textContent = label(s); groups[s.kind].appendChild(o);
    });
    var board = $('board'), buttons = {};
    function btn(key, text, cls) {
      var b = document.createElement('button'); b.type = 'button'; b.textContent = text; b.className = cls || '';
      b.setAttribute('aria-label', label(spots[key])); b.onclick = function () { add(key); };
      buttons[key] = b; board.appendChild(b); return b;
    }
    btn('straight:0', '0', 'zero');
    for (var row = 0; row < 3; row++) {
      for (var c = 0; c < 12; c++) {
        var n = c * 3 + (3 - row);
        btn('straight:' + n, String(n), RED.indexOf(n) >= 0 ? 'red' : 'black').style.gridRow = String(row + 1);
      }
    }
    ['column:3', 'column:2', 'column:1'].forEach(function (k, i) { var b = btn(k, '2:1', 'col'); b.style.gridRow = String(i + 1); b.style.gridColumn = '14'; });
    board.style.gridTemplateColumns = 'repeat(14,minmax(0,1fr))';
    var zero = buttons['straight:0']; zero.style.gridRow = '1 / span 3'; zero.style.gridColumn = '1';
    var r4 = 4;
    ['dozen:1', 'dozen:2', 'dozen:3'].forEach(function (k, i) { var b = btn(k, (i * 12 + 1) + '–' + (i * 12 + 12), 'out'); b.style.gridRow = String(r4); b.style.gridColumn = String(2 + i * 4) + ' / span 4'; });
    [['low', '1–18'], ['even', names.even], ['red', names.red], ['black', names.black], ['odd', names.odd], ['high', '19–36']].forEach(function (p, i) {
      // Placed by the stylesheet (o1–o6): one row of six, or two rows of three on a phone.
      btn(p[0], p[1], 'out2 o' + (i + 1) + (p[0] === 'red' ? ' red' : p[0] === 'black' ? ' black' : ''));
    });
    function add(key) {
      if (busy) return;
      var found = stakes.filter(function (s) { return s.spot === key && s.amount === chip(); })[0];
      if (stakes.length >= 40 && !found) return;
      stakes.push({ spot: key, amount: chip() }); draw();
    }
    $('addBet').onclick = function () { add(select.value); };
    $('clear').onclick = function () { if (!busy) { stakes = []; draw(); } };
    function total() { return stakes.reduce(function (s, x) { return s + x.amount; }, 0); }
    function draw() {
      var per = {}; stakes.forEach(function (s) { per[s.spot] = (per[s.spot] || 0) + s.amount; });
      Object.keys(buttons).forEach(function (k) { var old = buttons[k].querySelector('.chip'); if (old) old.remove(); if (per[k]) { var ch = document.createElement('span'); ch.className = 'chip'; ch.textContent = (per[k] / 1000).toFixed(per[k] % 1000 ? 1 : 0); buttons[k].appendChild(ch); } });
      var list = $('stakes'); list.innerHTML = '';
      Object.keys(per).forEach(function (k) { var li = document.createElement('li'); li.textContent = label(spots[k]) + ': ' + money(per[k]); list.appendChild(li); });
      $('total').textContent = money(total());
      $('go').disabled = busy || stakes.length === 0;
    }
    setBusy = function (b) { $('go').disabled = b || stakes.length === 0; $('addBet').disabled = b; };
    $('go').onclick = function () {
      if (busy || !stakes.length) return;
      var merged = {}; stakes.forEach(function (s) { merged[s.spot + '|' + s.amount] = s; });
      msg('');
      Object.keys(buttons).forEach(function (k) { buttons[k].classList.remove('hit'); });
      play({ action: 'spin', stakes: stakes }).then(function (a) {
        if (!a.ok) return;
        var p = a.pocket, res = $('result');
        res.textContent = String(p); res.className = 'rl-result' + (p === 0 ? '' : RED.indexOf(p) >= 0 ? ' red' : ' black');
        if (buttons['straight:' + p]) buttons['straight:' + p].classList.add('hit');
        last.unshift(p); last = last.slice(0, 12); $('last').textContent = last.join(' · ');
        outcomeMessage(a);
      });
    };
    draw();
  };

  games.blackjack = function () {
    var state = G.round;
    function show(a) {
      state = a;
      showCards($('dealer'), a.phase === 'over' ? a.dealer : [a.dealer[0], null]);
      $('dealerTotal').textContent = a.dealerTotal ? '(' + a.dealerTotal + ')' : '';
      var hands = $('hands'); hands.innerHTML = '';
      (a.hands || []).forEach(function (h, i) {
        var d = document.createElement('div'); d.className = 'hand' + (a.phase === 'player' && i === a.active ? ' active' : '');
        var l = document.createElement('span'); l.className = 'label'; l.textContent = T.hand + (a.hands.length > 1 ? ' ' + (i + 1) : '') + ' (' + (h.soft && h.total < 21 ? 'soft ' : '') + h.total + ') · ' + money(h.stake);
        var cs = document.createElement('div'); cs.className = 'cards'; showCards(cs, h.cards);
        d.appendChild(l); d.appendChild(cs); hands.appendChild(d);
      });
      $('insurance').hidden = a.phase !== 'insurance';
      setBusy(false);
      if (a.phase === 'insurance') $('insYes').focus();
    }
    setBusy = function (b) {
      var playing = state && (state.phase === 'player' || state.phase === 'insurance');
      var allowed = (state && state.phase === 'player' && state.allowed) || [];
      ['hit', 'stand', 'double', 'split'].forEach(function (m) { $(m).disabled = b || allowed.indexOf(m) < 0; });
      $('go').disabled = b || !!playing; $('insYes').disabled = b; $('insNo').disabled = b;
    };
    function after(a) {
      if (a.hands) show(a);
      if (a.ok && a.over) { state = null; outcomeMessage(a); setBusy(false); }
    }
    $('go').onclick = function () { msg(''); play({ action: 'deal', bet: chip() }).then(after); };
    ['hit', 'stand', 'double', 'split'].forEach(function (m) { $(m).onclick = function () { play({ action: m }).then(after); }; });
    $('insYes').onclick = function () { play({ action: 'insurance', take: true }).then(after); };
    $('insNo').onclick = function () { play({ action: 'insurance', take: false }).then(after); };
    document.addEventListener('keydown', function (e) {
      if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT')) return;
      var k = { h: 'hit', s: 'stand', d: 'double', p: 'split' }[e.key.toLowerCase()];
      if (k && !$(k).disabled) $(k).click();
    });
    if (state) show(state); else setBusy(false);
  };

  games.baccarat = function () {
    var stakes = { player: 0, banker: 0, tie: 0 };
    function draw() {
      ['player', 'banker', 'tie'].forEach(function (s) { $('bet-' + s).querySelector('output').textContent = stakes[s] ? money(stakes[s]) : ''; });
      $('total').textContent = money(stakes.player + stakes.banker + stakes.tie);
      setBusy(busy);
    }
    setBusy = function (b) { $('go').disabled = b || !(stakes.player + stakes.banker + stakes.tie); };
    ['player', 'banker', 'tie'].forEach(function (s) { $('bet-' + s).onclick = function () {
      if (!busy) { stakes[s] = stakes[s] === chip() ? 0 : chip(); draw(); } }; });
    $('clear').onclick = function () { stakes = { player: 0, banker: 0, tie: 0 }; draw(); };
    $('go').onclick = function () {
      msg(''); ['player', 'banker', 'tie'].forEach(function (s) { $('bet-' + s).classList.remove('won'); });
      var body = {}; ['player', 'banker', 'tie'].forEach(function (s) { if (stakes[s]) body[s] = stakes[s]; });
      play({ action: 'deal', stakes: body }).then(function (a) {
        if (!a.ok) return;
        showCards($('playerCards'), a.player); showCards($('bankerCards'), a.banker);
        var v = function (cs) { return cs.reduce(function (t, c) { var r = c % 13; return t + (r >= 9 ? 0 : r + 1); }, 0) % 10; };
        $('playerTotal').textContent = '(' + v(a.player) + ')'; $('bankerTotal').textContent = '(' + v(a.banker) + ')';
        $('bet-' + a.winner).classList.add('won');
        outcomeMessage(a);
      });
    };
    draw();
  };

  games.crash = function () {
    var running = null, timer = null, poll = null;
    var GROWTH = 16667;
    function at(ms) { return Math.floor(100 * Math.exp(Math.max(0, ms) / GROWTH) + 1e-9); }
    setBusy = function (b) { $('go').disabled = b || !!running; $('cash').disabled = b || !running; };
    function frame() {
      if (!running) return;
      var ms = Date.now() - running.t0, m = Math.min(at(ms), running.auto);
      $('mult').textContent = mult(m);
      var pts = [], span = Math.max(ms, 8000);
      for (var i = 0; i <= 30; i++) { var tt = ms * i / 30; pts.push((tt / span * 300).toFixed(1) + ',' + (120 - Math.min(115, (at(tt) - 100) / Math.max(100, m - 100) * 100)).toFixed(1)); }
      $('curve').setAttribute('points', pts.join(' '));
      timer = requestAnimationFrame(frame);
    }
    function end(a) {
      running = null; if (poll) clearInterval(poll); poll = null;
      var screen = $('screen');
      if (a.cashout) { screen.className = 'crash-screen cashed'; $('mult').textContent = mult(a.cashout); msg(T.cashedOut + ' ' + mult(a.cashout) + ' · ' + T.crashed + ' ' + mult(a.crash), 'win'); }
      else { screen.className = 'crash-screen bust'; $('mult').textContent = mult(a.crash); msg(T.crashed + ' ' + mult(a.crash)); }
      if (a.winPending) msg(T.winPending, 'win');
      setBusy(false);
    }
    function begin(a) {
      running = { t0: Date.now() - (a.elapsed || 0), auto: a.auto }; $('screen').className = 'crash-screen';
      setBusy(false); frame();
      poll = setInterval(function () {
        post('/play', { action: 'status' }).then(function (s) {
          if (typeof s.balance === 'number') { balance = s.balance; renderChrome(); }
          if (s.over && running) end(s);
        });
      }, 500);
      $('cash').focus();
    }
    $('go').onclick = function () {
      var auto = Math.round(parseFloat(String($('auto').value).replace(',', '.')) * 100);
      if (!(auto >= 101 && auto <= 100000)) { msg(T.errors.BAD_BET, 'error'); return; }
      msg(''); play({ action: 'start', bet: chip(), auto: auto }).then(function (a) { if (a.ok) begin(a); });
    };
    $('cash').onclick = function () { play({ action: 'cashout' }).then(function (a) { if (a.ok && a.over) end(a); }); };
    document.addEventListener('keydown', function (e) { if (e.key === ' ' && running && !$('cash').disabled && e.target.tagName !== 'INPUT') { e.preventDefault(); $('cash').click(); } });
    if (G.round && G.round.running) begin(G.round); else setBusy(false);
  };

  games.mines = function () {
    var round = G.round;
    var tiles = Array.prototype.slice.call(document.querySelectorAll('.tile'));
    setBusy = function (b) {
      $('go').disabled = b || !!round; $('cash').disabled = b || !round || !round.opened.length; $('count').disabled = !!round;
      tiles.forEach(function (t, i) { t.disabled = b || !round || round.opened.indexOf(i) >= 0; });
    };
    function show(a) {
      tiles.forEach(function (t, i) {
        var opened = a.opened.indexOf(i) >= 0, mine = a.mines && a.mines.indexOf(i) >= 0;
        t.className = 'tile' + (opened ? (mine ? ' mine' : ' safe') : a.mines ? (mine ? ' mine shown' : '') : '');
        t.textContent = opened ? (mine ? '✸' : '◆') : a.mines && mine ? '✸' : '';
      });
      $('mult').textContent = a.multiplier ? mult(a.multiplier) : '—'; $('next').textContent = a.next ? mult(a.next) : '—';
    }
    function after(a) {
      if (!a.ok) return;
      if (a.over) { round = null; show(a); outcomeMessage(a); setBusy(false); return; }
      round = a; show(a); setBusy(false);
    }
    tiles.forEach(function (t, i) { t.onclick = function () { if (round) play({ action: 'reveal', tile: i }).then(after); }; });
    $('go').onclick = function () { msg(''); play({ action: 'start', bet: chip(), mines: Number($('count').value) }).then(function (a) { after(a); if (a.ok) tiles[0].focus(); }); };
    $('cash').onclick = function () { play({ action: 'cashout' }).then(after); };
    if (round) show(round); setBusy(false);
  };

  games.plinko = function () {
    var svg = $('board'), ns = 'http://www.w3.org/2000/svg', rows = 12;
    function px(row, k) { return 130 + (k - row / 2) * 18; }
    for (var r = 0; r < rows; r++) for (var k = 0; k <= r + 1; k++) {
      var c = document.createElementNS(ns, 'circle'); c.setAttribute('class', 'peg'); c.setAttribute('r', '2.5');
      c.setAttribute('cx', String(px(r + 1, k))); c.setAttribute('cy', String(20 + (r + 1) * 17)); svg.appendChild(c);
    }
    var line = document.createElementNS(ns, 'polyline'); svg.appendChild(line);
    var ball = document.createElementNS(ns, 'circle'); ball.setAttribute('class', 'ball'); ball.setAttribute('r', '6'); ball.setAttribute('cx', '130'); ball.setAttribute('cy', '12'); svg.appendChild(ball);
    function bins() {
      var el = $('bins'); el.innerHTML = '';
      G.plinko[$('risk').value].forEach(function (p) { var s = document.createElement('span'); s.textContent = String(p / 100); el.appendChild(s); });
    }
    $('risk').onchange = bins; bins();
    setBusy = function (b) { $('go').disabled = b; $('risk').disabled = b; };
    $('go').onclick = function () {
      msg(''); line.setAttribute('points', '');
      play({ action: 'drop', bet: chip(), risk: $('risk').value }).then(function (a) {
        if (!a.ok) return;
        var pts = ['130,12'], k = 0;
        a.path.forEach(function (step, r) { k += step; pts.push(px(r + 1, k).toFixed(1) + ',' + (20 + (r + 1) * 17 + 8)); });
        var i = 0; busy = true; setBusy(true);
        var tick = setInterval(function () {
          i++; line.setAttribute('points', pts.slice(0, i + 1).join(' '));
          var xy = pts[i].split(','); ball.setAttribute('cx', xy[0]); ball.setAttribute('cy', xy[1]);
          if (i >= pts.length - 1) {
            clearInterval(tick); busy = false; setBusy(false);
            var spans = $('bins').children; for (var j = 0; j < spans.length; j++) spans[j].className = j === a.bin ? 'hit' : '';
            outcomeMessage(a);
          }
        }, matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 70);
      });
    };
  };

  games.keno = function () {
    var picks = [], nums = Array.prototype.slice.call(document.querySelectorAll('.knum'));
    function draw() {
      nums.forEach(function (b) { b.setAttribute('aria-pressed', String(picks.indexOf(Number(b.dataset.n)) >= 0)); });
      var table = G.keno[picks.length];
      $('pays').textContent = table ? T.hits + ': ' + table.map(function (v, h) { return v ? h + ' → ' + mult(v) : ''; }).filter(Boolean).join(', ') : T.pickHint;
      setBusy(busy);
    }
    setBusy = function (b) { $('go').disabled = b || !picks.length; };
    nums.forEach(function (b) { b.onclick = function () {
      if (busy) return; var n = Number(b.dataset.n), i = picks.indexOf(n);
      nums.forEach(function (x) { x.classList.remove('drawn', 'hit'); });
      if (i >= 0) picks.splice(i, 1); else if (picks.length < 10) picks.push(n); draw(); }; });
    $('clear').onclick = function () { picks = []; nums.forEach(function (x) { x.classList.remove('drawn', 'hit'); }); draw(); };
    $('go').onclick = function () {
      msg(''); nums.forEach(function (x) { x.classList.remove('drawn', 'hit'); });
      play({ action: 'draw', bet: chip(), picks: picks }).then(function (a) {
        if (!a.ok) return;
        a.drawn.forEach(function (n) { var b = nums[n - 1]; b.classList.add(picks.indexOf(n) >= 0 ? 'hit' : 'drawn'); });
        outcomeMessage(a);
      });
    };
    draw();
  };

  $('rulesBtn').onclick = function () { $('rules').showModal(); };

  renderChrome();
  games[G.type]();
})();`;
