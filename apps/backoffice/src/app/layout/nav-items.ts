import type { Permission } from '@casino/contracts/operator';
import {
  Banknote,
  BookOpenText,
  ChartColumn,
  Gamepad2,
  GalleryHorizontal,
  Gift,
  IdCard,
  LayoutDashboard,
  LifeBuoy,
  MessagesSquare,
  MonitorSmartphone,
  ScrollText,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label:
    | 'nav.dashboard'
    | 'nav.players'
    | 'nav.withdrawals'
    | 'nav.identity'
    | 'nav.support'
    | 'nav.chat'
    | 'nav.reports'
    | 'nav.games'
    | 'nav.content'
    | 'nav.banners'
    | 'nav.bonuses'
    | 'nav.audit'
    | 'nav.staff'
    | 'nav.mySessions';
  icon: LucideIcon;
  /** What the section needs; null: every signed-in staff member (their own sessions). */
  permission: Permission | null;
}

/** The sections, in the order of a day's work; a role sees those it may open. */
export const navItems: readonly NavItem[] = [
  { to: '/', label: 'nav.dashboard', icon: LayoutDashboard, permission: 'dashboard:read' },
  { to: '/players', label: 'nav.players', icon: Users, permission: 'players:read' },
  { to: '/withdrawals', label: 'nav.withdrawals', icon: Banknote, permission: 'withdrawals:read' },
  { to: '/identity', label: 'nav.identity', icon: IdCard, permission: 'identity:read' },
  { to: '/support', label: 'nav.support', icon: LifeBuoy, permission: 'support:read' },
  { to: '/chat', label: 'nav.chat', icon: MessagesSquare, permission: 'chat:moderate' },
  { to: '/reports', label: 'nav.reports', icon: ChartColumn, permission: 'reports:finance' },
  { to: '/games', label: 'nav.games', icon: Gamepad2, permission: 'games:manage' },
  { to: '/content', label: 'nav.content', icon: BookOpenText, permission: 'content:manage' },
  { to: '/banners', label: 'nav.banners', icon: GalleryHorizontal, permission: 'banners:manage' },
  { to: '/bonuses', label: 'nav.bonuses', icon: Gift, permission: 'bonuses:manage' },
  { to: '/audit', label: 'nav.audit', icon: ScrollText, permission: 'audit:read' },
  { to: '/staff', label: 'nav.staff', icon: ShieldCheck, permission: 'staff:manage' },
  { to: '/sessions', label: 'nav.mySessions', icon: MonitorSmartphone, permission: null },
];

export function visibleNavItems(permissions: readonly Permission[]): NavItem[] {
  return navItems.filter(
    (item) => item.permission === null || permissions.includes(item.permission),
  );
}
