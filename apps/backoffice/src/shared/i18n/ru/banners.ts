import type { Messages } from '../messages';
import type { banners as en } from '../en/banners';

/** Экран баннеров (решение 090). */
export const banners: Messages<typeof en> = {
  banners: {
    intro:
      'Карусель главной страницы. Баннер показывается, пока он не снят, у него есть обе картинки и время в пределах расписания.',
    create: 'Новый баннер',
    edit: 'Изменить',
    back: 'К списку',
    empty: 'Баннеров пока нет. Карусель скрыта, пока ни один не показывается.',
    list: 'Баннеры в порядке карусели',
    retiredList: 'Снятые',
    position: '№ {{position}}',
    moveUp: 'Выше: {{title}}',
    moveDown: 'Ниже: {{title}}',
    retire: 'Снять',
    retireTitle: 'Снять «{{title}}»',
    retireHint:
      'Баннер навсегда уходит из карусели на всех серверах. Причина остаётся в журнале аудита.',
    state: {
      live: 'Показывается',
      scheduled: 'Запланирован',
      ended: 'Завершён',
      incomplete: 'Нет картинок',
      retired: 'Снят',
    },
    always: 'Без конца',
    fromNow: 'С этого момента',
    schedule: '{{from}} – {{until}}',
    noArt: 'Нет картинки',
    form: {
      newTitle: 'Новый баннер',
      editTitle: 'Изменить баннер',
      english: 'Английский',
      russian: 'Русский',
      eyebrow: 'Строка над заголовком',
      title: 'Заголовок',
      text: 'Текст',
      cta: 'Кнопка',
      link: 'Ссылка кнопки (путь на сайте)',
      linkHint: 'Например, /casino или /casino?tab=top',
      guestRegister: 'Гостю вместо ссылки — форма регистрации',
      startsAt: 'Показывать с',
      endsAt: 'Показывать до',
      scheduleHint: 'Пусто — с этого момента и без конца. Время — в часовом поясе браузера.',
      art: 'Картинки',
      desktopArt: 'Широкая картинка (шире 768 px), хранится 1600 × 500',
      mobileArt: 'Картинка для телефона (768 px и уже), хранится 750 × 900',
      artHint:
        'JPEG, PNG или WebP, до 3 МБ и до 6000 px по стороне; обрезается по рамке, без текста.',
      artTooBig: 'Файл больше 3 МБ.',
      save: 'Сохранить',
      saving: 'Сохраняем…',
      endBeforeStart: 'Конец должен быть позже начала.',
    },
    preview: {
      title: 'Предпросмотр',
      phone: 'Телефон',
      wide: 'Широкий экран',
      language: 'Язык предпросмотра',
    },
    orderStale: 'Пока вы смотрели, баннеры изменили; список загружен заново.',
  },
};
