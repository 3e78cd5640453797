import type { StudioName } from './types';

/**
 * Word stock for each studio's invented titles. The flavours differ on purpose (Endorphina
 * edgy and mythic, Pragmatic bright and festive, GB Games calm and artful) so each provider's
 * page reads like a real studio's portfolio. Known commercial titles are filtered out by
 * name in generate.ts.
 */
export interface WordStock {
  adjectives: readonly string[];
  nouns: readonly string[];
  /**
   * Hand-written titles placed first: accents exercise the lobby's search. A title with a
   * Russian edition is a pair: the studio's (English) title and the Russian one, which the
   * Russian lobby shows and search finds; its id stays the one its Russian words gave it.
   */
  specials: readonly (string | LocalizedTitle)[];
}

/** A title in both languages of the lobby. */
export interface LocalizedTitle {
  en: string;
  ru: string;
}

export const WORDS: Record<StudioName, WordStock> = {
  endorphina: {
    adjectives: [
      'Neon',
      'Obsidian',
      'Voodoo',
      'Chrome',
      'Phantom',
      'Savage',
      'Ember',
      'Venom',
      'Rebel',
      'Cyber',
      'Jade',
      'Mystic',
      'Thunder',
      'Iron',
      'Scarlet',
      'Shadow',
      'Atomic',
      'Wicked',
      'Nomad',
      'Crimson',
      'Hollow',
      'Static',
      'Feral',
      'Black Ice',
    ],
    nouns: [
      'Samurai',
      'Shaman',
      'Raven',
      'Cobra',
      'Dragon',
      'Jaguar',
      'Ronin',
      'Totem',
      'Voltage',
      'Monarch',
      'Oracle',
      'Bandit',
      'Viper',
      'Falcon',
      'Scarab',
      'Circus',
      'Reactor',
      'Talisman',
      'Idol',
      'Warlord',
      'Kraken',
      'Mirage',
      'Cartel',
      'Tempest',
    ],
    specials: [
      { en: 'Firebird', ru: 'Жар-птица' },
      { en: 'Aurora Borealis', ru: 'Северное сияние' },
      { en: 'Koschei the Deathless', ru: 'Кощей Бессмертный' },
      'Señor Chili',
      'Día de Fuego',
      'Café Noir',
      'Zürich Heist',
      { en: 'Dark Forest', ru: 'Тёмный лес' },
    ],
  },
  pragmatic: {
    adjectives: [
      'Sunny',
      'Candy',
      'Jolly',
      'Tropical',
      'Merry',
      'Bubbly',
      'Royal',
      'Sparkling',
      'Juicy',
      'Cosmic',
      'Blazing',
      'Mighty',
      'Rainbow',
      'Honey',
      'Coral',
      'Starry',
      'Dizzy',
      'Frosty',
      'Zesty',
      'Bouncy',
      'Groovy',
      'Peppy',
      'Cheeky',
      'Glitter',
    ],
    nouns: [
      'Parrot',
      'Lagoon',
      'Carousel',
      'Meadow',
      'Safari',
      'Pinwheel',
      'Cupcake',
      'Galleon',
      'Koala',
      'Jamboree',
      'Fiesta',
      'Orchard',
      'Festival',
      'Reef',
      'Harvest',
      'Toucan',
      'Lollipop',
      'Volcano',
      'Panda',
      'Popcorn',
      'Comet',
      'Jukebox',
      'Balloon',
      'Flamingo',
    ],
    specials: [
      'Piñata Party Pop',
      'Crème Brûlée Dreams',
      { en: 'Golden Fish', ru: 'Золотая рыбка' },
      { en: 'Merry Fair', ru: 'Весёлая ярмарка' },
      'Jalapeño Jam',
      'Mañana Beach',
      { en: 'Gingerbread House', ru: 'Пряничный домик' },
      'Smörgås Smash',
      { en: 'Fir Tree Lights', ru: 'Ёлочные огни' },
    ],
  },
  gbgames: {
    adjectives: [
      'Velvet',
      'Amber',
      'Lunar',
      'Silver',
      'Quiet',
      'Northern',
      'Paper',
      'Marble',
      'Indigo',
      'Willow',
      'Copper',
      'Ivory',
      'Misty',
      'Saffron',
      'Hidden',
      'Gentle',
      'Azure',
      'Wandering',
      'Olive',
      'Autumn',
    ],
    nouns: [
      'Lighthouse',
      'Garden',
      'Atlas',
      'Compass',
      'Pavilion',
      'Harbor',
      'Orchid',
      'Origami',
      'Teahouse',
      'Canyon',
      'Observatory',
      'Heron',
      'Aurora',
      'Riviera',
      'Caravan',
      'Mosaic',
      'Labyrinth',
      'Kite',
      'Sonata',
      'Tram',
    ],
    specials: [
      'Château Lumière',
      'Café Olé',
      { en: 'White Nights', ru: 'Белые ночи' },
      { en: 'Matryoshka', ru: 'Матрёшка' },
      { en: 'Troika', ru: 'Тройка' },
      'Ålesund Fjord',
      'São Paulo Samba',
    ],
  },
};

/** Words for the non-slot categories, combined with an adjective or a noun above. */
export const TABLE_GAMES = ['Blackjack', 'Roulette', 'Baccarat', 'Hold’em', 'Sic Bo'] as const;
export const LIVE_GAMES = [
  'Live Roulette',
  'Live Blackjack',
  'Live Baccarat',
  'Live Wheel',
] as const;
export const INSTANT_GAMES = ['Scratch', 'Dice', 'Plinko', 'Mines', 'Crash', 'Keno'] as const;

/**
 * Real titles that simple word combinations could land on; a generated name equal to one of
 * them (case-insensitive) is skipped.
 */
export const KNOWN_TITLES = new Set(
  [
    'Gates of Olympus',
    'Sweet Bonanza',
    'Sugar Rush',
    'Big Bass Bonanza',
    'Wolf Gold',
    'The Dog House',
    'Fire Joker',
    'Book of Ra',
    'Starburst',
    'Great Rhino',
    'Fruit Party',
    'Juicy Fruits',
    'Mustang Gold',
    'Chilli Heat',
    'Royal Seven',
    'Lucky Streak',
    'Hot Fiesta',
    'Jolly Roger',
    'Mystic Dragon',
    'Shadow Dragon',
    'Neon Cobra',
    'Starry Night',
    'Frosty Fruits',
    'Candy Village',
    'Crystal Caverns',
    'Northern Lights',
    'Amber Garden',
  ].map((t) => t.toLowerCase()),
);
