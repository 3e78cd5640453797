import type { CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { TextField } from '../../../shared/ui/field/text-field';
import { callingCode, formatPhone, normalizePhone, phoneCountries } from '../lib/phone';
import styles from './card-pay.module.css';

export interface PhoneValue {
  country: CountryCode;
  /** Digits with an optional leading plus, as libphonenumber-js normalises them. */
  digits: string;
}

interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  error?: string | undefined;
}

/**
 * The phone input of SPEC §4/§5: a country (Belarus by default) and the number, formatted as
 * that country writes it. Typing an international number ("+7…") switches the country to
 * the one it names; choosing a country is kept for a national number.
 */
export function PhoneInput({ value, onChange, onBlur, error }: PhoneInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countryId = useId();
  const names = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  const countries = useMemo(
    () =>
      phoneCountries
        .map((code) => ({ code, name: names.of(code) ?? code }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [names, language],
  );
  const shown = formatPhone(value.digits, value.country).text;

  return (
    <div className={styles.phone}>
      <div className={styles.country}>
        <label htmlFor={countryId} className={styles.countryLabel}>
          {t('cashier.pay.country')}
        </label>
        <select
          id={countryId}
          className={styles.select}
          value={value.country}
          onChange={(event) => onChange({ ...value, country: event.target.value as CountryCode })}
          data-testid="pay-country"
        >
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name} +{callingCode(code)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="phone"
        type="tel"
        label={t('cashier.pay.phone')}
        placeholder={t('cashier.pay.phonePlaceholder')}
        autoComplete="tel"
        value={shown}
        onChange={(event) => {
          const digits = normalizePhone(event.target.value);
          const inferred = digits.startsWith('+')
            ? formatPhone(digits, value.country).country
            : undefined;
          onChange({ country: inferred ?? value.country, digits });
        }}
        onBlur={onBlur}
        error={error}
        testId="pay-phone"
      />
    </div>
  );
}
