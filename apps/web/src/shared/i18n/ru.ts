import type { Messages } from './en';

export const ru: Messages = {
  app: {
    name: 'Orbita',
    homeLink: 'Orbita, перейти в лобби',
    skipToContent: 'Перейти к содержимому',
    loading: 'Загрузка…',
    titleTemplate: '{{page}} · Orbita',
    socialTitle: 'Orbita: слоты, настольные и live-игры',
    description:
      'Orbita — лобби казино: слоты, настольные и live-игры от Endorphina, GB Games и Pragmatic. Демо бесплатно, после регистрации — игра на доллары.',
  },
  header: {
    openMenu: 'Открыть меню',
    search: 'Поиск игр',
    chat: 'Живой чат',
    login: 'Войти',
    register: 'Регистрация',
    deposit: 'Пополнить',
    balance: 'Баланс',
    bonusOf: 'из них бонусные деньги',
    profileOf: 'Профиль {{name}}',
    account: 'Ваш аккаунт',
  },
  sidebar: {
    label: 'Главное меню',
    close: 'Закрыть меню',
    lobby: 'Лобби',
    providers: 'Провайдеры',
    account: 'Аккаунт',
    help: 'Помощь и информация',
    preferences: 'Настройки',
    social: 'Мы в соцсетях',
  },
  nav: {
    home: 'Главная',
    casino: 'Казино',
    premium: 'Премиум',
    other: 'Столы и live',
    search: 'Поиск',
    allGames: 'Все игры',
    endorphina: 'Endorphina',
    gbgames: 'GB Games',
    pragmatic: 'Pragmatic',
    profile: 'Профиль',
    balance: 'Баланс',
    bonus: 'Бонусы',
    settings: 'Настройки',
    limits: 'Лимиты и перерывы',
    privacy: 'Политика конфиденциальности',
    terms: 'Правила и условия',
    loyalty: 'Программа лояльности',
    faq: 'Вопросы и ответы',
    profileTabs: 'Разделы профиля',
  },
  theme: {
    dark: 'Тёмная тема',
  },
  language: {
    label: 'Язык',
    // Each language is named in its own language as well, so it can be found from either.
    en: 'English (US)',
    ru: 'Русский (Ru)',
  },
  social: {
    telegram: 'Канал в Telegram',
    x: 'X (Twitter)',
    instagram: 'Instagram',
  },
  chat: {
    title: 'Живой чат',
    close: 'Закрыть чат',
    emptyTitle: 'Сообщений пока нет',
    emptyText: 'Поздоровайтесь с другими игроками первым.',
    inputPlaceholder: 'Напишите сообщение…',
    send: 'Отправить',
    messages: 'Сообщения чата',
    online: 'В сети: {{count}}',
    connecting: 'Подключаемся к чату…',
    reconnecting: 'Связь потеряна. Переподключаемся…',
    guestText: 'Войдите, чтобы писать в чат.',
    login: 'Войти',
    muted: 'Вы не можете писать до {{time}}.',
    notSent: 'Не отправлено: связь прервалась. Попробуйте ещё раз.',
    charactersLeft: 'Осталось символов: {{count}}',
    refused: {
      SIGN_IN_REQUIRED: 'Войдите, чтобы писать в чат.',
      CHAT_RATE_LIMITED: 'Слишком часто: подождите {{seconds}} с.',
      CHAT_MUTED: 'Вам временно запрещено писать.',
      CHAT_MESSAGE_INVALID: 'Сообщение — от 1 до 500 символов.',
      CHAT_UNAVAILABLE: 'Чат недоступен. Попробуйте ещё раз.',
      CHAT_RG_BLOCKED: 'Чат закрыт на время перерыва или самоисключения.',
    },
    errors: {
      empty: 'Сначала напишите что-нибудь.',
      tooLong: 'Сообщение — не длиннее 500 символов.',
    },
  },
  footer: {
    legal: 'Правовая информация',
    privacy: 'Конфиденциальность',
    terms: 'Условия',
    loyalty: 'Лояльность',
    fair: 'Честная игра',
    responsibleGaming: 'Ответственная игра',
    limits: 'Лимиты и самоисключение',
    rights: '© {{year}} Orbita. Все права защищены.',
    adults: '18+',
    responsible: 'Азартные игры только для совершеннолетних. Играйте ответственно.',
  },
  toast: {
    region: 'Уведомления',
    dismiss: 'Нажмите, чтобы закрыть',
    success: 'Готово',
    error: 'Ошибка',
  },
  modal: {
    close: 'Закрыть',
    gotIt: 'Понятно',
    rgOffer: { title: 'Ваши лимиты' },
    login: {
      title: 'Вход',
      switchPrompt: 'Ещё нет аккаунта?',
      switchAction: 'Зарегистрироваться',
    },
    register: {
      title: 'Регистрация',
      switchPrompt: 'Уже есть аккаунт?',
      switchAction: 'Войти',
    },
    verify: {
      title: 'Подтверждение',
    },
    forgotPassword: {
      title: 'Сброс пароля',
    },
    terms: {
      title: 'Обновлённые правила',
    },
    twoFactor: {
      title: 'Двухфакторный вход',
    },
    play: {
      title: 'Игра',
      text: 'Игры будут запускаться здесь после подключения каталога.',
    },
    cardPay: {
      title: 'Оплата картой',
      text: 'Оплата картой появится вместе с кассой.',
    },
  },
  session: {
    title: 'Сеанс',
    expired: 'Сеанс завершён. Войдите снова.',
  },
  field: {
    showPassword: 'Показать пароль',
    hidePassword: 'Скрыть пароль',
  },
  pages: {
    home: {
      title: 'Лобби',
      emptyTitle: 'Лобби готовится к открытию',
      emptyText: 'Скоро здесь появятся топовые игры и новинки от всех провайдеров.',
      action: 'Создать аккаунт',
    },
    provider: {
      emptyTitle: 'Игр пока нет',
      emptyText: 'Каталог {{provider}} скоро появится здесь.',
      action: 'Все игры',
    },
    casino: {
      title: 'Казино',
      emptyTitle: 'Игровой зал готовится',
      emptyText: 'Скоро здесь появятся сортировка, категории и поиск игр.',
    },
    other: {
      title: 'Другие игры',
      emptyTitle: 'Здесь пока пусто',
      emptyText: 'Этот раздел готовится и скоро откроется.',
    },
    search: {
      title: 'Поиск',
      emptyTitle: 'Поиск уже в пути',
      emptyText: 'Скоро любую игру можно будет найти по названию или провайдеру.',
    },
    profile: {
      title: 'Профиль',
    },
    balance: {
      title: 'Баланс',
      deposit: 'Пополнить',
      withdraw: 'Вывести',
    },
    deposit: {
      title: 'Пополнение',
    },
    withdrawal: {
      title: 'Вывод средств',
    },
    bonus: {
      title: 'Бонусы',
      emptyTitle: 'Бонусов пока нет',
      emptyText: 'Здесь появятся промокоды, ежедневные награды и ваши активные бонусы.',
    },
    faq: {
      title: 'Центр помощи',
      emptyTitle: 'Ответы уже в пути',
      emptyText: 'Здесь будут собраны частые вопросы и способ связаться с живой поддержкой.',
    },
    premium: {
      title: 'Премиум',
      emptyTitle: 'Премиум-зал готовится',
      emptyText:
        'Эксклюзивные столы, повышенные лимиты и личные награды для самых преданных игроков.',
    },
    privacy: {
      title: 'Политика конфиденциальности',
      emptyTitle: 'Политика дорабатывается',
      emptyText:
        'Как мы собираем, храним и защищаем ваши данные, будет опубликовано здесь до открытия аккаунтов.',
    },
    terms: {
      title: 'Правила и условия',
      emptyTitle: 'Правила дорабатываются',
      emptyText: 'Правила пользования Orbita будут опубликованы здесь до открытия аккаунтов.',
    },
    loyalty: {
      title: 'Программа лояльности',
      emptyTitle: 'Награды за игру',
      emptyText: 'Получайте баллы за каждую игру и обменивайте их на бонусы. Подробности скоро.',
    },
    backHome: 'Вернуться в лобби',
  },
  notFound: {
    title: 'Страница не найдена',
    text: 'Страница, которую вы ищете, не существует или была перемещена.',
  },
  routeError: {
    title: 'Что-то пошло не так',
    text: 'Не удалось показать страницу. Обычно помогает перезагрузка.',
    action: 'Перезагрузить страницу',
  },
};
