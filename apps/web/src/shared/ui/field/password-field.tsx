import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle (SPEC §2). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      endAdornment={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
          aria-pressed={visible}
          aria-controls={props.id}
          data-testid={props.testId ? `${props.testId}-toggle` : undefined}
        >
          <Icon size={18} aria-hidden="true" />
        </button>
      }
    />
  );
}
