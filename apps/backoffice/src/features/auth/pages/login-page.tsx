import { staffErrorCodes, staffLoginRequestSchema } from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/client';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { useSchemaForm } from '../../../shared/lib/schema-form';
import { usePageTitle } from '../../../shared/lib/use-page-title';
import { TextField } from '../../../shared/ui/field';
import { AuthFrame } from '../auth-frame';
import { meQueryKey } from '../session';
import { safeNext } from '../safe-next';

/** E-mail, password and the authenticator's code, all three at once (no login without it). */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const client = useQueryClient();
  const form = useSchemaForm(staffLoginRequestSchema, { email: '', password: '', code: '' });
  const login = useMutation({
    mutationFn: (body: { email: string; password: string; code: string }) =>
      staffCall('auth.login', { body }),
    onSuccess: (me) => {
      client.setQueryData(meQueryKey, me);
      void navigate(safeNext(search.get('next')), { replace: true });
    },
    onError: () => form.setValue('code', ''),
  });
  const failure = login.error;
  let failureText: string | null = null;
  if (failure) {
    if (isApiError(failure) && failure.code === staffErrorCodes.STAFF_LOGIN_FAILED) {
      failureText = t('login.failed');
    } else if (isApiError(failure) && failure.code === staffErrorCodes.STAFF_IP_REFUSED) {
      failureText = t('login.ipRefused');
    } else {
      failureText = errorText(t, (key) => i18n.exists(key), failure);
    }
  }
  const { errors } = form.formState;
  return (
    <AuthFrame title={t('login.title')} lead={t('login.lead')}>
      <form
        className="stack"
        noValidate
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
        data-testid="login-form"
      >
        {failureText ? (
          <p className="banner banner-error" role="alert">
            {failureText}
          </p>
        ) : null}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          registration={form.register('email')}
          error={errors.email}
          testId="login-email"
          autoFocus
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password}
          testId="login-password"
        />
        <TextField
          label={t('login.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          registration={form.register('code')}
          error={errors.code}
          testId="login-code"
        />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={login.isPending}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
