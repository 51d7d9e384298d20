// Navigation items by role, shared by the header's user menu, the mobile slide-out menu and the bottom bar.
export type NavRole = 'customer' | 'coach' | 'admin' | null;

interface NavItem {
  label: string;
  href: string;
}

export function calendarHref(role: NavRole): string {
  return role === 'coach' ? '/my-calendar' : '/bookings';
}

/** The user menu (customer-areas §2): My Profile; Dashboard (coach, issue 22); My Classes (coach) or My Bookings and Wallet
 * (issue 19: passes and memberships); My Calendar (coach); Customers (coach or admin); Earnings, Pricing and Promo codes (coach,
 * issues 22, 19 and 20); Admin Panel (admin). Sign Out is added by the menu itself. */
export function userMenuItems(role: NavRole): NavItem[] {
  const items: NavItem[] = [{ label: 'My Profile', href: '/profile' }];
  if (role === 'coach') items.push({ label: 'Dashboard', href: '/dashboard' });
  if (role === 'coach') items.push({ label: 'My Classes', href: '/my-classes' });
  else items.push({ label: 'My Bookings', href: '/bookings' }, { label: 'Wallet', href: '/wallet' });
  if (role === 'coach') items.push({ label: 'My Calendar', href: '/my-calendar' });
  if (role === 'coach' || role === 'admin') items.push({ label: 'Customers', href: '/customers' });
  if (role === 'coach') items.push({ label: 'Earnings', href: '/earnings' }, { label: 'Pricing', href: '/pricing' });
  if (role === 'coach') items.push({ label: 'Promo codes', href: '/promo-codes' });
  if (role === 'admin') items.push({ label: 'Admin Panel', href: '/admin' });
  return items;
}

/** The mobile slide-out menu: Home, Classes, Coaches, the role items, Class Management (admin), Create Class (coach). */
export function mobileMenuItems(role: NavRole): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', href: '/' },
    { label: 'Classes', href: '/classes' },
    { label: 'Coaches', href: '/coaches' },
  ];
  if (!role) return items;
  items.push(...userMenuItems(role));
  if (role === 'admin') items.push({ label: 'Class Management', href: '/admin?tab=classes' });
  if (role === 'coach') items.push({ label: 'Create Class', href: '/create-class' });
  return items;
}

/** The bottom bar: Home, Explore, Calendar (coach) or Bookings, Profile. */
export function bottomBarItems(role: NavRole): (NavItem & { icon: 'home' | 'explore' | 'calendar' | 'profile' })[] {
  return [
    { label: 'Home', href: '/', icon: 'home' },
    { label: 'Explore', href: '/classes', icon: 'explore' },
    role === 'coach'
      ? { label: 'Calendar', href: '/my-calendar', icon: 'calendar' }
      : { label: 'Bookings', href: '/bookings', icon: 'calendar' },
    { label: 'Profile', href: role ? '/profile' : '/auth', icon: 'profile' },
  ];
}
