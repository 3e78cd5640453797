import { admin } from './en/admin';
import { auth } from './en/auth';
import { dashboard } from './en/dashboard';
import { players } from './en/players';
import { queues } from './en/queues';
import { content } from './en/content';
import { games } from './en/games';
import { banners } from './en/banners';
import { bonusAdmin } from './en/bonuses';
import { reports } from './en/reports';
import { shell } from './en/shell';
import { rgEn } from '../../features/players/rg/rg-messages';

/** English, the reference: every key here must exist in Russian (ru.ts is typed from it). */
export const en = {
  ...shell,
  ...auth,
  ...dashboard,
  ...players,
  ...queues,
  ...admin,
  ...reports,
  ...games,
  ...content,
  ...banners,
  ...bonusAdmin,
  ...rgEn,
};
