import type { HelpMessages } from './en';

export const helpRu: HelpMessages = {
  help: {
    supportTitle: 'Живая поддержка',
    averageResponse: 'Среднее время ответа: {{time}}',
    aboutFiveMinutes: 'около 5 минут',
    underAMinute: 'меньше минуты',
    aboutMinutes: 'около {{count}} мин',
    aboutHours: 'около {{count}} ч',
    open: 'Открыть',
    unread: 'новых: {{count}}',
    channelTitle: 'Наш канал',
    channelText: 'Новости, акции и итоги турниров в нашем канале в мессенджере.',
    partnerTitle: 'Партнёрская программа',
    partnerText: 'Приводите игроков в Orbita и получайте долю дохода.',
    go: 'Перейти',
    topQuestions: 'Популярные вопросы',
    loading: 'Загружаем вопросы…',
    faqError: 'Не удалось загрузить вопросы.',
    retry: 'Повторить',
    thread: {
      title: 'Поддержка',
      loading: 'Загружаем переписку…',
      error: 'Не удалось загрузить переписку.',
      empty: 'Спросите нас о чём угодно: оператор ответит прямо здесь.',
      you: 'Вы',
      operator: 'Поддержка',
      placeholder: 'Опишите ваш вопрос…',
      send: 'Отправить',
    },
  },
  info: {
    loading: 'Загружаем страницу…',
    error: 'Не удалось загрузить страницу.',
    updated: 'Обновлено {{date}}',
    titles: {
      privacy: 'Политика конфиденциальности',
      terms: 'Правила и условия',
      loyalty: 'Лояльность',
      'responsible-gaming': 'Ответственная игра',
    },
  },
};
