import {
  staffErrorCodes,
  staffSetupTokenSchema,
  staffTotpCodeSchema,
} from '@casino/contracts/operator';
import { newPasswordSchema } from '@casino/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/client';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { formatDateTime } from '../../../shared/lib/format';
import { useSchemaForm } from '../../../shared/lib/schema-form';
import { usePageTitle } from '../../../shared/lib/use-page-title';
import { TextField } from '../../../shared/ui/field';
import { Skeleton } from '../../../shared/ui/states';
import { AuthFrame } from '../auth-frame';

const QrCode = lazy(() => import('../../../shared/ui/qr-code'));

/** The password twice and the first code: the contracts' rules, plus the repeat matching. */
const setupFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string(), code: staffTotpCodeSchema })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], error: 'passwordsdonotmatch' });

/**
 * The token travels in the link's fragment, which browsers never send to a server nor in a
 * Referer; it is read once and taken out of the address bar and the history.
 */
function readToken(): string | null {
  const raw = window.location.hash.replace(/^#/, '');
  const parsed = staffSetupTokenSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** /backoffice/setup#<token>: choose a password and enrol an authenticator (both required). */
export default function SetupPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('setup.title'));
  const [token] = useState(readToken);
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  const begin = useQuery({
    queryKey: ['setup', token],
    queryFn: () => staffCall('auth.setup.begin', { body: { token: token ?? '' } }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const form = useSchemaForm(setupFormSchema, { password: '', repeat: '', code: '' });
  const complete = useMutation({
    mutationFn: (values: { password: string; code: string }) =>
      staffCall('auth.setup.complete', { body: { token: token ?? '', ...values } }),
    onError: () => form.setValue('code', ''),
  });

  if (token === null) {
    return (
      <AuthFrame title={t('setup.title')}>
        <p className="banner banner-error" role="alert">
          {t('setup.missing')}
        </p>
      </AuthFrame>
    );
  }
  if (complete.isSuccess) {
    return (
      <AuthFrame title={t('setup.title')}>
        <p className="banner" role="status" data-testid="setup-done">
          {t('setup.done')}
        </p>
        <Link className="btn btn-primary btn-block" to="/login">
          {t('setup.toLogin')}
        </Link>
      </AuthFrame>
    );
  }
  if (begin.isPending) {
    return (
      <AuthFrame title={t('setup.title')} lead={t('setup.checking')}>
        <Skeleton lines={5} label={t('setup.checking')} />
      </AuthFrame>
    );
  }
  if (begin.isError) {
    const invalid =
      isApiError(begin.error) && begin.error.code === staffErrorCodes.STAFF_SETUP_INVALID;
    return (
      <AuthFrame title={t('setup.title')}>
        <p className="banner banner-error" role="alert" data-testid="setup-invalid">
          {invalid ? t('setup.invalid') : errorText(t, (key) => i18n.exists(key), begin.error)}
        </p>
      </AuthFrame>
    );
  }
  const { errors } = form.formState;
  const failure = complete.error;
  return (
    <AuthFrame
      title={t('setup.title')}
      lead={`${t('setup.forEmail', { email: begin.data.email })} ${t('setup.expires', {
        date: formatDateTime(begin.data.expires_at, i18n.language),
      })}`}
    >
      <form
        className="stack"
        noValidate
        onSubmit={form.handleSubmit(({ password, code }) => complete.mutate({ password, code }))}
      >
        {failure ? (
          <p className="banner banner-error" role="alert">
            {isApiError(failure) && failure.code === staffErrorCodes.STAFF_SETUP_INVALID
              ? t('setup.invalid')
              : errorText(t, (key) => i18n.exists(key), failure)}
          </p>
        ) : null}
        <h2 className="card-title">{t('setup.step1')}</h2>
        <TextField
          label={t('setup.password')}
          type="password"
          autoComplete="new-password"
          hint={t('setup.passwordHint')}
          registration={form.register('password')}
          error={errors.password}
          testId="setup-password"
        />
        <TextField
          label={t('setup.repeat')}
          type="password"
          autoComplete="new-password"
          registration={form.register('repeat')}
          error={errors.repeat}
          testId="setup-repeat"
        />
        <h2 className="card-title">{t('setup.step2')}</h2>
        <p className="muted">{t('setup.scan')}</p>
        <div className="qr">
          <Suspense fallback={<span className="skeleton" style={{ height: '100%' }} />}>
            <QrCode value={begin.data.otpauth_uri} label={t('setup.qrLabel')} />
          </Suspense>
        </div>
        <dl className="facts">
          <dt>{t('setup.secret')}</dt>
          <dd>
            <code data-testid="setup-secret">{begin.data.totp_secret}</code>
          </dd>
        </dl>
        <h2 className="card-title">{t('setup.step3')}</h2>
        <TextField
          label={t('setup.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          registration={form.register('code')}
          error={errors.code}
          testId="setup-code"
        />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={complete.isPending}
          data-testid="setup-submit"
        >
          {t('setup.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
