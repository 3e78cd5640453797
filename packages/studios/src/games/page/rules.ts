import type { GameType } from '../../catalog/types';
import type { Language } from '../../shared/language';
import { baccaratTheory } from '../baccarat/math';
import { blackjackTheory } from '../blackjack/theory';
import { KENO_MAX_PICKS, KENO_PAYS, kenoRtp } from '../keno/math';
import { minesMultiplier } from '../mines/math';
import { PLINKO_PAYS, plinkoRtp, type PlinkoRisk } from '../plinko/math';

const pct = (n: number, lang: Language): string =>
  `${n.toFixed(2).replace('.', lang === 'ru' ? ',' : '.')} %`;
const x = (hundredths: number, lang: Language): string =>
  `×${(hundredths / 100).toFixed(2).replace('.', lang === 'ru' ? ',' : '.')}`;

let baccarat: ReturnType<typeof baccaratTheory> | undefined;
let blackjack: number | undefined;

/** The rules and pays of each game, as the game page states them, in both languages. */
export function rulesHtml(type: Exclude<GameType, 'slot'>, lang: Language): string {
  const ru = lang === 'ru';
  switch (type) {
    case 'roulette':
      return ru
        ? `<p>Европейская рулетка: 37 ячеек (0–36), одно зеро. Зеро проигрывает ставки на равные шансы.</p><table><tr><th>Ставка</th><th>Чисел</th><th>Выплата</th></tr><tr><td>Число (straight)</td><td>1</td><td>35:1</td></tr><tr><td>Сплит</td><td>2</td><td>17:1</td></tr><tr><td>Стрит (и тройки с зеро)</td><td>3</td><td>11:1</td></tr><tr><td>Каре (и 0-1-2-3)</td><td>4</td><td>8:1</td></tr><tr><td>Линия (сикслайн)</td><td>6</td><td>5:1</td></tr><tr><td>Дюжина, колонка</td><td>12</td><td>2:1</td></tr><tr><td>Красное/чёрное, чёт/нечет, 1–18/19–36</td><td>18</td><td>1:1</td></tr></table><p>RTP каждой ставки: 36/37 = ${pct(97.2973, lang)}.</p>`
        : `<p>European roulette: 37 pockets (0–36), a single zero. A zero loses the even-money bets.</p><table><tr><th>Bet</th><th>Numbers</th><th>Pays</th></tr><tr><td>Straight</td><td>1</td><td>35:1</td></tr><tr><td>Split</td><td>2</td><td>17:1</td></tr><tr><td>Street (and the zero trios)</td><td>3</td><td>11:1</td></tr><tr><td>Corner (and 0-1-2-3)</td><td>4</td><td>8:1</td></tr><tr><td>Line (six line)</td><td>6</td><td>5:1</td></tr><tr><td>Dozen, column</td><td>12</td><td>2:1</td></tr><tr><td>Red/black, odd/even, 1–18/19–36</td><td>18</td><td>1:1</td></tr></table><p>Every bet's RTP: 36/37 = ${pct(97.2973, lang)}.</p>`;
    case 'blackjack': {
      blackjack ??= blackjackTheory().rtpPercent;
      return ru
        ? `<ul><li>6 колод, перемешиваются перед каждым раундом.</li><li>Дилер стоит на всех 17, включая мягкие; при тузе или десятке дилер проверяет блэкджек.</li><li>Удвоение на любых двух первых картах, и после сплита.</li><li>Один сплит двух карт равного достоинства; разделённые тузы получают по одной карте.</li><li>Страховка (половина ставки) при тузе у дилера, платит 2:1.</li><li>Блэкджек платит 3:2. Сдачи нет.</li><li>Если игрок ушёл, не закончив раунд, через минуту все открытые руки стоят (страховка не берётся).</li></ul><p>RTP при оптимальной игре: ${pct(blackjack, lang)}.</p>`
        : `<ul><li>6 decks, shuffled before every round.</li><li>Dealer stands on all 17s, soft 17 included; with an ace or a ten up the dealer peeks for blackjack.</li><li>Double on any first two cards, after a split too.</li><li>One split of two cards of equal value; split aces take one card each.</li><li>Insurance (half the bet) when the dealer shows an ace, pays 2:1.</li><li>Blackjack pays 3:2. No surrender.</li><li>A round left unfinished is settled after a minute: every open hand stands (no insurance).</li></ul><p>RTP with optimal play: ${pct(blackjack, lang)}.</p>`;
    }
    case 'baccarat': {
      baccarat ??= baccaratTheory();
      const r = baccarat.rtp;
      return ru
        ? `<p>Пунто банко, 8 колод, перемешиваются перед каждым раундом; третья карта по стандартной таблице.</p><table><tr><th>Ставка</th><th>Выплата</th><th>RTP</th></tr><tr><td>Игрок</td><td>1:1</td><td>${pct(r.player, lang)}</td></tr><tr><td>Банкир</td><td>0,95:1 (комиссия 5 %)</td><td>${pct(r.banker, lang)}</td></tr><tr><td>Ничья</td><td>8:1</td><td>${pct(r.tie, lang)}</td></tr></table><p>При ничьей ставки на игрока и банкира возвращаются.</p>`
        : `<p>Punto banco, 8 decks shuffled before every round; the third card by the standard tableau.</p><table><tr><th>Bet</th><th>Pays</th><th>RTP</th></tr><tr><td>Player</td><td>1:1</td><td>${pct(r.player, lang)}</td></tr><tr><td>Banker</td><td>0.95:1 (5 % commission)</td><td>${pct(r.banker, lang)}</td></tr><tr><td>Tie</td><td>8:1</td><td>${pct(r.tie, lang)}</td></tr></table><p>On a tie, player and banker bets are returned.</p>`;
    }
    case 'crash':
      return ru
        ? `<p>Множитель растёт с ×1,00, пока не наступит краш. Заберите ставку раньше — выигрыш равен ставке × множитель в момент вывода. Автовывод срабатывает сам, даже если вы закрыли игру. Точка краша определяется до начала раунда; 3,96 % раундов заканчиваются на ×1,00.</p><p>RTP: 97 % при любой стратегии.</p>`
        : `<p>The multiplier climbs from ×1.00 until it crashes. Cash out before: the win is the bet × the multiplier at that moment. The auto cash-out fires by itself, even if you closed the game. The crash point is fixed before the round starts; 3.96 % of rounds crash at ×1.00.</p><p>RTP: 97 % whatever the strategy.</p>`;
    case 'mines': {
      const rows = [1, 3, 5, 10, 24]
        .map(
          (m) =>
            `<tr><td>${m}</td>${[1, 2, 3, 5]
              .map((n) => `<td>${n <= 25 - m ? x(minesMultiplier(m, n), lang) : '—'}</td>`)
              .join('')}</tr>`,
        )
        .join('');
      return ru
        ? `<p>Поле 5 × 5 скрывает от 1 до 24 мин (по вашему выбору). Каждая безопасная клетка повышает множитель: 0,97 × C(25, n) / C(25 − мины, n). Заберите выигрыш в любой момент; мина забирает ставку. Брошенный раунд через минуту выплачивается по достигнутому множителю (без открытых клеток ставка возвращается).</p><table><tr><th>Мины</th><th>1</th><th>2</th><th>3</th><th>5</th></tr>${rows}</table><p>RTP: 97 %.</p>`
        : `<p>A 5 × 5 field hides 1 to 24 mines (your choice). Each safe tile raises the multiplier: 0.97 × C(25, n) / C(25 − mines, n). Cash out any time; a mine takes the bet. An abandoned round is paid after a minute at the multiplier reached (no tile opened: the bet is returned).</p><table><tr><th>Mines</th><th>1</th><th>2</th><th>3</th><th>5</th></tr>${rows}</table><p>RTP: 97 %.</p>`;
    }
    case 'plinko': {
      const risks: PlinkoRisk[] = ['low', 'medium', 'high'];
      const names = ru ? ['Низкий', 'Средний', 'Высокий'] : ['Low', 'Medium', 'High'];
      const rows = risks
        .map(
          (r, i) =>
            `<tr><th>${names[i]}</th><td class="pays">${PLINKO_PAYS[r].map((p) => x(p, lang)).join(' ')}</td><td>${pct(plinkoRtp(r), lang)}</td></tr>`,
        )
        .join('');
      return ru
        ? `<p>Шар проходит 12 рядов штырьков и падает в одну из 13 лунок.</p><table><tr><th>Риск</th><th>Множители</th><th>RTP</th></tr>${rows}</table>`
        : `<p>The ball passes 12 rows of pegs and lands in one of 13 bins.</p><table><tr><th>Risk</th><th>Multipliers</th><th>RTP</th></tr>${rows}</table>`;
    }
    case 'keno': {
      const rows = Array.from({ length: KENO_MAX_PICKS }, (_, i) => i + 1)
        .map(
          (p) =>
            `<tr><th>${p}</th><td class="pays">${(KENO_PAYS[p] ?? [])
              .map((v, h) => (v ? `${h}: ${x(v, lang)}` : ''))
              .filter(Boolean)
              .join(', ')}</td><td>${pct(kenoRtp(p), lang)}</td></tr>`,
        )
        .join('');
      return ru
        ? `<p>Из 40 чисел выпадают 10. Выберите от 1 до 10 чисел; выплата зависит от числа совпадений.</p><table><tr><th>Выбрано</th><th>Совпадения: множитель</th><th>RTP</th></tr>${rows}</table>`
        : `<p>10 of 40 numbers are drawn. Pick 1 to 10 numbers; the pay depends on how many you hit.</p><table><tr><th>Picks</th><th>Hits: multiplier</th><th>RTP</th></tr>${rows}</table>`;
    }
  }
}
