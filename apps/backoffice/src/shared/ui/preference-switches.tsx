import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { initialTheme, isLanguage, saveTheme, type Theme } from '../lib/preferences';

/** The theme and language switches: two-button groups, each button says what it picks. */
export function PreferenceSwitches() {
  const { t, i18n } = useTranslation();
  const [theme, setTheme] = useState<Theme>(() =>
    document.documentElement.classList.contains('light') ? 'light' : initialTheme(),
  );
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pickTheme = (next: Theme) => {
    saveTheme(next);
    setTheme(next);
  };
  return (
    <>
      <div className="segmented" role="group" aria-label={t('prefs.theme')}>
        {(['dark', 'light'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={theme === value}
            onClick={() => pickTheme(value)}
            data-testid={`theme-${value}`}
          >
            {t(`prefs.${value}`)}
          </button>
        ))}
      </div>
      <div className="segmented" role="group" aria-label={t('prefs.language')}>
        {(['en', 'ru'] as const).map((value) => (
          <button
            key={value}
            type="button"
            lang={value}
            aria-pressed={language === value}
            onClick={() => changeLanguage(value)}
            data-testid={`lang-${value}`}
          >
            {value.toUpperCase()}
          </button>
        ))}
      </div>
    </>
  );
}
