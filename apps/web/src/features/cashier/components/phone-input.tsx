import type { CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { TextField } from '../../../shared/ui/field/text-field';
import {
  callingCode,
  cleanPhoneText as cleanText,
  formatPhone,
  phoneCountries,
  readPhone,
} from '../lib/phone';
import styles from './card-pay.module.css';

export interface PhoneValue {
  country: CountryCode;
  /** What the field shows: as typed (digits made plain), formatted once the field is left. */
  text: string;
  /** The number's digits with an optional leading plus, as libphonenumber-js reads them. */
  digits: string;
  ext?: string | undefined;
}

/** The number as its country writes it, and its extension. */
function formatted(value: PhoneValue): string {
  if (value.digits === '') return value.text;
  const number = formatPhone(value.digits, value.country).text;
  return value.ext ? `${number} ext. ${value.ext}` : number;
}

interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** The number field takes the focus when its dialog opens. */
  autoFocus?: boolean;
}

/**
 * The phone input of SPEC §4/§5: a country (the player's, else Belarus) and the number, formatted as
 * that country writes it. Typing an international number ("+7…") switches the country to
 * the one it names; choosing a country is kept for a national number.
 */
export function PhoneInput({ value, onChange, onBlur, error, autoFocus }: PhoneInputProps) {
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
          onChange={(event) => {
            const country = event.target.value as CountryCode;
            onChange({ ...value, country, text: formatted({ ...value, country }) });
          }}
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
        value={value.text}
        onChange={(event) => {
          const text = event.target.value;
          const read = readPhone(text, value.country);
          onChange({
            country: read.country ?? value.country,
            text: cleanText(text),
            digits: read.digits,
            ext: read.ext,
          });
        }}
        onBlur={() => {
          onChange({ ...value, text: formatted(value) });
          onBlur?.();
        }}
        error={error}
        data-autofocus={autoFocus ? true : undefined}
        testId="pay-phone"
      />
    </div>
  );
}
