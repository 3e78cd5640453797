import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../../shared/ui/field/text-field';

/** What each account field is to the browser: its keyboard and what a manager fills in. */
const kinds = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  username: { autoComplete: 'username' },
} as const;

/**
 * The account's e-mail or username as every form asks for it (sign-in, registration,
 * password reset, settings): its label, no capitals or spelling marks; the form adds its
 * test id, placeholder, and `autoComplete` where it differs (sign-in fills the e-mail in as
 * the username).
 */
export function AccountField({
  kind,
  ...props
}: Omit<TextFieldProps, 'label'> & { kind: keyof typeof kinds }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t(`auth.${kind}`)}
      autoCapitalize="off"
      spellCheck={false}
      {...kinds[kind]}
      {...props}
    />
  );
}
