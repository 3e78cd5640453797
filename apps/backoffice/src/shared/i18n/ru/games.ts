import type { Messages } from '../messages';
import type { games as en } from '../en/games';

export const games: Messages<typeof en> = {
  games: {
    providers: 'Провайдеры',
    catalog: 'Игры',
    search: 'Название или id у провайдера',
    provider: 'Провайдер',
    anyProvider: 'Все провайдеры',
    name: 'Игра',
    category: 'Категория',
    count: 'Игр: {{count}}',
    state: 'В лобби',
    on: 'Включена',
    off: 'Выключена',
    offByProvider: 'Провайдер выключен',
    notListed: 'Нет в каталоге провайдера',
    switchOff: 'Выключить',
    switchOn: 'Включить',
    switchOffTitle: 'Выключить: {{name}}',
    switchOnTitle: 'Включить: {{name}}',
    switchOffHint:
      'Игра сразу пропадёт из лобби, поиска и запуска на всех серверах; начатые раунды будут рассчитаны.',
    empty: 'Игр не найдено.',
  },
};
