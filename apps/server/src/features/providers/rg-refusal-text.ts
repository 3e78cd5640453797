import type { RgBetRefusal } from '../wallet';

/**
 * Why responsible gaming refused a bet, in the words a studio may show the player with its
 * own limit error (Endorphina and GB Games `LIMIT_REACHED`, Pragmatic 50 or 6; decision 070).
 */
export const rgRefusalText: Record<RgBetRefusal, string> = {
  loss_limit: 'the bet would exceed your loss limit',
  wager_limit: 'the bet would exceed your wager limit',
  session_limit: 'your daily play time limit is reached',
  time_out: 'you are taking a time-out',
  self_exclusion: 'you are self-excluded',
};
