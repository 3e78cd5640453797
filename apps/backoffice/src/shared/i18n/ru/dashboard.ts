import type { Messages } from '../messages';
import type { dashboard as en } from '../en/dashboard';

export const dashboard: Messages<typeof en> = {
  dashboard: {
    asOf: 'В реальном времени · обновлено {{date}}',
    count: 'Платежей: {{count}}',
    figures: {
      online: 'Игроков онлайн',
      inGame: 'Сейчас в игре',
      deposits: 'Депозиты за сегодня',
      withdrawals: 'Выводы ждут решения',
      approvals: 'Ждут второго одобрения',
      identity: 'Проверки личности ждут',
      support: 'Открытые обращения',
      stakes: 'Ставки за сегодня',
      wins: 'Выигрыши за сегодня',
      ggr: 'GGR за сегодня',
    },
    hints: {
      online: 'На связи в последние минуты',
      inGame: 'С открытой игрой',
      deposits: '',
      withdrawals: 'Открыть очередь',
      approvals: 'Принцип четырёх глаз: одобряет второй сотрудник',
      identity: 'Сначала самые старые',
      support: 'Ждут ответа',
      stakes: 'Сутки по UTC',
      wins: 'Сутки по UTC',
      ggr: 'Ставки минус выигрыши',
    },
  },
};
