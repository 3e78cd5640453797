import type { Messages } from './messages';
import type { en } from './en';
import { admin } from './ru/admin';
import { auth } from './ru/auth';
import { dashboard } from './ru/dashboard';
import { players } from './ru/players';
import { queues } from './ru/queues';
import { content } from './ru/content';
import { games } from './ru/games';
import { banners } from './ru/banners';
import { bonusAdmin } from './ru/bonuses';
import { reports } from './ru/reports';
import { shell } from './ru/shell';
import { rgRu } from '../../features/players/rg/rg-messages';

export const ru: Messages<typeof en> = {
  ...shell,
  ...auth,
  ...dashboard,
  ...players,
  ...queues,
  ...admin,
  ...rgRu,
  ...reports,
  ...games,
  ...content,
  ...banners,
  ...bonusAdmin,
};
