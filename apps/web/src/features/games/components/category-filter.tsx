import type { GameCategory } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/class-names';
import { Dropdown, type DropdownOption } from '../../../shared/ui/dropdown/dropdown';
import { gameCategories } from '../catalog';
import styles from './filters.module.css';

export type CategoryChoice = GameCategory | 'all';

interface CategoryFilterProps {
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
  /** Where the tabs and the selector sit in the page's layout. */
  tabsClassName?: string;
  selectClassName?: string;
}

/**
 * The casino's four category tabs and the category selector (SPEC §2): two views of one value,
 * so they always agree. A pressed category tab pressed again goes back to all categories.
 */
export function CategoryFilter({
  value,
  onChange,
  tabsClassName,
  selectClassName,
}: CategoryFilterProps) {
  const { t } = useTranslation();
  const options: DropdownOption<CategoryChoice>[] = [
    { value: 'all', label: t('games.categories.all') },
    ...gameCategories.map((category) => ({
      value: category,
      label: t(`games.categories.${category}`),
    })),
  ];
  return (
    <>
      <div
        className={cx(styles.chips, tabsClassName)}
        role="group"
        aria-label={t('games.casino.categoriesLabel')}
        data-testid="category-tabs"
      >
        {gameCategories.map((category) => {
          const pressed = value === category;
          return (
            <button
              key={category}
              type="button"
              className={cx(styles.chip, pressed && styles.chipPressed)}
              aria-pressed={pressed}
              onClick={() => onChange(pressed ? 'all' : category)}
              data-testid={`category-tab-${category}`}
            >
              <span className={cx(styles.chipDot, styles[category])} aria-hidden="true" />
              {t(`games.categories.${category}`)}
            </button>
          );
        })}
      </div>
      <Dropdown
        className={cx(styles.select, selectClassName)}
        label={t('games.category')}
        value={value}
        options={options}
        onChange={onChange}
        testId="category-select"
      />
    </>
  );
}
