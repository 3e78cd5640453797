import type { Messages } from '../messages';
import type { admin as en } from '../en/admin';

export const admin: Messages<typeof en> = {
  audit: {
    at: 'Когда',
    actor: 'Кто',
    action: 'Действие',
    target: 'Объект',
    change: 'Изменение',
    before: 'До',
    after: 'После',
    empty: 'Записей по этим условиям нет.',
    filters: {
      actor: 'Кто (почта или id)',
      action: 'Действие (например players.block)',
      target: 'Объект (id)',
      from: 'С (UTC)',
      to: 'По (UTC)',
    },
    kinds: { staff: 'Сотрудник', service: 'Сервисная учётная запись', system: 'Команда' },
  },
  staff: {
    create: 'Новый сотрудник',
    createSubmit: 'Создать и получить ссылку',
    roles: 'Роли',
    pickRole: 'Выберите хотя бы одну роль.',
    editRoles: 'Роли',
    rolesTitle: 'Роли {{email}}',
    newLink: 'Новая ссылка',
    sessions: 'Сеансы',
    sessionsTitle: 'Сеансы {{email}}',
    enable: 'Включить',
    disable: 'Отключить',
    enableTitle: 'Включить {{email}}',
    disableTitle: 'Отключить {{email}}',
    disableHint: 'Сеансы сразу завершатся, войти будет нельзя, пока учётную запись не включат.',
    lastLogin: 'Последний вход',
    liveSessions: 'Активных сеансов',
    empty: 'Учётных записей сотрудников нет.',
    link: 'Ссылка для настройки',
    linkTitle: 'Ссылка для настройки {{email}}',
    linkHint:
      'Передайте ссылку сотруднику по надёжному каналу. Она одноразовая и действует до {{date}}; больше её не покажут.',
    copy: 'Копировать',
    copied: 'Скопировано',
    status: { invited: 'Приглашён', active: 'Активен', disabled: 'Отключён' },
  },
};
