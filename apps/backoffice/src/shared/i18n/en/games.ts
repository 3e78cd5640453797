export const games = {
  games: {
    providers: 'Providers',
    catalog: 'Games',
    search: 'Name or provider id',
    provider: 'Provider',
    anyProvider: 'All providers',
    name: 'Game',
    category: 'Category',
    count: '{{count}} games',
    state: 'In the lobby',
    on: 'On',
    off: 'Switched off',
    offByProvider: 'Provider off',
    notListed: 'Not in the provider’s catalog',
    switchOff: 'Switch off',
    switchOn: 'Switch on',
    switchOffTitle: 'Switch off {{name}}',
    switchOnTitle: 'Switch on {{name}}',
    switchOffHint:
      'It leaves the lobby, search and launch on every server at once; rounds in progress still settle.',
    empty: 'No games match.',
  },
};
