import type { StaffMe } from '@casino/contracts/operator';
import { useMutation } from '@tanstack/react-query';
import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useForgetSession } from '../../features/auth/session';
import { staffCall } from '../../shared/api/staff-api';
import { PreferenceSwitches } from '../../shared/ui/preference-switches';
import { visibleNavItems } from './nav-items';

/** The signed-in frame: the sections on the left, who is working and the switches on top. */
export function Shell({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const forget = useForgetSession();
  const logout = useMutation({
    mutationFn: () => staffCall('auth.logout'),
    onSettled: () => {
      forget();
      void navigate('/login', { replace: true });
    },
  });

  // A section chosen on a narrow screen closes the sliding menu.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const roles = me.kind === 'service' ? [t('roles.service')] : me.roles.map((r) => t(`roles.${r}`));
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <aside className="sidebar" data-open={open} id="sidebar">
        <NavLink to="/" className="brand">
          <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width={32} height={32} />
          <span>
            Orbita
            <small>{t('common.backOffice')}</small>
          </span>
        </NavLink>
        <nav className="nav" aria-label={t('nav.label')}>
          {visibleNavItems(me.permissions).map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'}>
              <item.icon size={20} aria-hidden="true" />
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
      </aside>
      {open ? (
        <button
          type="button"
          className="sidebar-scrim"
          aria-label={t('nav.closeMenu')}
          onClick={() => setOpen(false)}
        />
      ) : null}
      <header className="topbar">
        <button
          type="button"
          className="icon-btn menu-button"
          aria-label={open ? t('nav.closeMenu') : t('nav.menu')}
          aria-expanded={open}
          aria-controls="sidebar"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
        </button>
        <span className="topbar-spacer" />
        <PreferenceSwitches />
        <div className="who" data-testid="staff-member">
          <strong>{me.email ?? t('roles.service')}</strong>
          <span>{roles.join(', ')}</span>
        </div>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('nav.signOut')}
          title={t('nav.signOut')}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          data-testid="sign-out"
        >
          <LogOut size={20} aria-hidden="true" />
        </button>
      </header>
      <main className="main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
