import { limits } from '@casino/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { useTotalGames } from '../api/total-games';
import { GameList, queryListState } from './game-list';
import { Section } from './section';

/** Top games (SPEC §4): 7 shown, 14 after View All, back to 7 with Hide All. */
export function TopGames() {
  const { t } = useTranslation();
  const gridId = useId();
  const [expanded, setExpanded] = useState(false);
  const query = useTotalGames({ sort: 'top', limit: limits.topGamesExpanded });
  const all = query.data?.data;
  const shown = all?.slice(0, expanded ? limits.topGamesExpanded : limits.topGamesCollapsed);
  const canExpand = (all?.length ?? 0) > limits.topGamesCollapsed;

  return (
    <Section
      title={t('games.home.top')}
      testId="top-games"
      action={
        canExpand && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
            aria-controls={gridId}
            data-testid="top-games-toggle"
          >
            {expanded ? t('games.home.hideAll') : t('games.home.viewAll')}
          </Button>
        )
      }
    >
      {(headingId) => (
        <GameList
          id={gridId}
          labelledBy={headingId}
          games={shown}
          {...queryListState(query)}
          skeletons={limits.topGamesCollapsed}
          testId="top-games-grid"
        />
      )}
    </Section>
  );
}
