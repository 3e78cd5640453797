/**
 * English texts. The shape of this object is the shape every language must have: ru.ts is
 * typed against it, so a missing or extra key fails the type check.
 */
export const en = {
  app: {
    name: 'Orbita',
    homeLink: 'Orbita, go to the lobby',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    titleTemplate: '{{page}} · Orbita',
    socialTitle: 'Orbita: slots, tables and live games',
    description:
      'Orbita is a casino lobby of slots, table and live games from Endorphina, GB Games and Pragmatic. Play the demos free, sign up to play for dollars.',
  },
  header: {
    openMenu: 'Open menu',
    search: 'Search games',
    chat: 'Live chat',
    login: 'Log in',
    register: 'Register',
    deposit: 'Deposit',
    balance: 'Balance',
    bonusOf: 'of it bonus money',
    profileOf: 'Profile of {{name}}',
    account: 'Your account',
  },
  sidebar: {
    label: 'Main menu',
    close: 'Close menu',
    lobby: 'Lobby',
    providers: 'Providers',
    account: 'Account',
    help: 'Help & info',
    preferences: 'Preferences',
    social: 'Follow us',
  },
  nav: {
    home: 'Home',
    casino: 'Casino',
    premium: 'Premium',
    other: 'Table & live',
    search: 'Search',
    allGames: 'All games',
    endorphina: 'Endorphina',
    gbgames: 'GB Games',
    pragmatic: 'Pragmatic',
    profile: 'Profile',
    balance: 'Balance',
    bonus: 'Bonus',
    settings: 'Settings',
    limits: 'Limits & breaks',
    privacy: 'Privacy Policy',
    terms: 'Terms & Conditions',
    loyalty: 'Loyalty',
    faq: 'FAQ',
    profileTabs: 'Profile sections',
  },
  theme: {
    dark: 'Dark theme',
  },
  language: {
    label: 'Language',
    en: 'English (US)',
    ru: 'Russian (Ru)',
  },
  social: {
    telegram: 'Telegram channel',
    x: 'X (Twitter)',
    instagram: 'Instagram',
  },
  chat: {
    title: 'Live chat',
    close: 'Close chat',
    emptyTitle: 'No messages yet',
    emptyText: 'Be the first to say hello to the other players.',
    inputPlaceholder: 'Write a message…',
    send: 'Send',
    messages: 'Chat messages',
    online: '{{count}} online',
    connecting: 'Connecting to the chat…',
    reconnecting: 'Connection lost. Reconnecting…',
    guestText: 'Sign in to write in the chat.',
    login: 'Log in',
    muted: 'You are muted until {{time}}.',
    notSent: 'Not sent: the connection dropped. Try again.',
    charactersLeft: '{{count}} characters left',
    refused: {
      SIGN_IN_REQUIRED: 'Sign in to write in the chat.',
      CHAT_RATE_LIMITED: 'Too fast: wait {{seconds}} s.',
      CHAT_MUTED: 'You are muted for now.',
      CHAT_MESSAGE_INVALID: 'A message holds 1 to 500 characters.',
      CHAT_UNAVAILABLE: 'The chat is unavailable. Try again.',
      CHAT_RG_BLOCKED: 'Chat is closed during your time-out or self-exclusion.',
    },
    errors: {
      empty: 'Write something first.',
      tooLong: 'A message holds at most 500 characters.',
    },
  },
  footer: {
    legal: 'Legal information',
    privacy: 'Privacy',
    terms: 'Terms',
    loyalty: 'Loyalty',
    fair: 'Provably fair',
    responsibleGaming: 'Responsible gaming',
    limits: 'Limits and self-exclusion',
    rights: '© {{year}} Orbita. All rights reserved.',
    adults: '18+',
    responsible: 'Gambling is for adults only. Please play responsibly.',
  },
  toast: {
    region: 'Notifications',
    dismiss: 'Click to dismiss',
    success: 'Success',
    error: 'Error',
  },
  modal: {
    close: 'Close',
    gotIt: 'Got it',
    rgOffer: { title: 'Your limits' },
    login: {
      title: 'Log in',
      switchPrompt: 'No account yet?',
      switchAction: 'Register',
    },
    register: {
      title: 'Create account',
      switchPrompt: 'Already have an account?',
      switchAction: 'Log in',
    },
    verify: {
      title: 'Verify',
    },
    forgotPassword: {
      title: 'Reset password',
    },
    terms: {
      title: 'Updated terms',
    },
    twoFactor: {
      title: 'Two-factor sign-in',
    },
    play: {
      title: 'Play',
      text: 'Games launch here once the game catalog is connected.',
    },
    cardPay: {
      title: 'Card payment',
      text: 'Card payments arrive together with the cashier.',
    },
  },
  session: {
    title: 'Session',
    expired: 'Your session has ended. Please log in again.',
  },
  field: {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  pages: {
    home: {
      title: 'Lobby',
      emptyTitle: 'Your lobby is being set up',
      emptyText: 'Top games and the latest releases from every provider will appear here shortly.',
      action: 'Create account',
    },
    provider: {
      emptyTitle: 'No games to show yet',
      emptyText: 'The {{provider}} catalog will appear here shortly.',
      action: 'All games',
    },
    casino: {
      title: 'Casino',
      emptyTitle: 'The casino floor is being set up',
      emptyText: 'Sorting, categories and game search will be available here shortly.',
    },
    other: {
      title: 'More games',
      emptyTitle: 'Nothing here yet',
      emptyText: 'This section is being prepared and will open shortly.',
    },
    search: {
      title: 'Search',
      emptyTitle: 'Search is on its way',
      emptyText: 'Soon you will be able to find any game by its name or provider.',
    },
    profile: {
      title: 'Profile',
    },
    balance: {
      title: 'Balance',
      deposit: 'Deposit',
      withdraw: 'Withdraw',
    },
    deposit: {
      title: 'Deposit',
    },
    withdrawal: {
      title: 'Withdrawal',
    },
    bonus: {
      title: 'Bonuses',
      emptyTitle: 'No bonuses yet',
      emptyText: 'Promo codes, daily rewards and your active bonuses will appear here.',
    },
    faq: {
      title: 'Help centre',
      emptyTitle: 'Answers are on their way',
      emptyText:
        'The most common questions and a way to reach live support will be collected here.',
    },
    premium: {
      title: 'Premium',
      emptyTitle: 'The premium lounge is being prepared',
      emptyText: 'Exclusive tables, higher limits and personal rewards for our most loyal players.',
    },
    privacy: {
      title: 'Privacy Policy',
      emptyTitle: 'The policy is being finalised',
      emptyText:
        'How we collect, store and protect your data will be published here before accounts open.',
    },
    terms: {
      title: 'Terms & Conditions',
      emptyTitle: 'The terms are being finalised',
      emptyText: 'The rules of using Orbita will be published here before accounts open.',
    },
    loyalty: {
      title: 'Loyalty programme',
      emptyTitle: 'Rewards for playing',
      emptyText: 'Earn points with every game and exchange them for bonuses. Details will follow.',
    },
    backHome: 'Back to the lobby',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
  },
  routeError: {
    title: 'Something went wrong',
    text: 'The page could not be displayed. Reloading usually helps.',
    action: 'Reload the page',
  },
};

export type Messages = typeof en;
