import type { ReactNode } from 'react';
import { PreferenceSwitches } from '../../shared/ui/preference-switches';

/** The card of the signed-out pages (login, set-up), with the theme and language switches. */
export function AuthFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-switches">
          <PreferenceSwitches />
        </div>
        <img
          src={`${import.meta.env.BASE_URL}icon.svg`}
          alt=""
          width={40}
          height={40}
          style={{ margin: '0 auto' }}
        />
        <h1 className="page-title" style={{ textAlign: 'center' }}>
          {title}
        </h1>
        {lead ? (
          <p className="muted" style={{ textAlign: 'center' }}>
            {lead}
          </p>
        ) : null}
        {children}
      </div>
    </main>
  );
}
