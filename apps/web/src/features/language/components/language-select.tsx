import type { Language } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../../../shared/i18n/i18n';
import { Dropdown, type DropdownOption } from '../../../shared/ui/dropdown/dropdown';
import { FlagRu, FlagUs } from './flags';

/** The interface language selector: English (US) or Russian (Ru), saved under `lang`. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const options: DropdownOption<Language>[] = [
    { value: 'en', label: t('language.en'), icon: <FlagUs /> },
    { value: 'ru', label: t('language.ru'), icon: <FlagRu /> },
  ];
  return (
    <Dropdown
      label={t('language.label')}
      value={language}
      options={options}
      onChange={setLanguage}
      testId="language-select"
    />
  );
}
