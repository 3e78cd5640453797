/**
 * English texts of the help centre and the information pages (support cards, support thread,
 * FAQ, content page states). Downloaded, for the active language only, with those pages
 * (load.ts); ru.ts is typed against this shape.
 */
export const helpEn = {
  help: {
    supportTitle: 'Live support',
    averageResponse: 'Average response time: {{time}}',
    aboutFiveMinutes: 'about 5 minutes',
    underAMinute: 'under a minute',
    aboutMinutes: 'about {{count}} min',
    aboutHours: 'about {{count}} h',
    open: 'Open',
    unread: '{{count}} new',
    channelTitle: 'Our channel',
    channelText: 'News, promotions and tournament results in our messaging channel.',
    partnerTitle: 'Partner programme',
    partnerText: 'Bring players to Orbita and earn a share of the revenue.',
    go: 'Go',
    topQuestions: 'Top questions',
    loading: 'Loading the questions…',
    faqError: 'The questions could not be loaded.',
    retry: 'Retry',
    thread: {
      title: 'Support',
      loading: 'Loading the conversation…',
      error: 'The conversation could not be loaded.',
      empty: 'Ask us anything: an operator answers right here.',
      you: 'You',
      operator: 'Support',
      placeholder: 'Describe your question…',
      send: 'Send',
    },
  },
  info: {
    loading: 'Loading the page…',
    error: 'The page could not be loaded.',
    updated: 'Last updated {{date}}',
    titles: {
      privacy: 'Privacy Policy',
      terms: 'Terms & Conditions',
      loyalty: 'Loyalty',
      'responsible-gaming': 'Responsible gaming',
    },
  },
};

export type HelpMessages = typeof helpEn;
