// The signed-in app's screens, one line each, loaded on demand. Every path here also has a thin Astro page
// (site/pages/...) that redirects visitors to /auth and mounts the app.
// Screens take their props type from ./router, never from here, so this list and the screens do not import
// each other.
import type { ComponentType } from 'react';
import type { ScreenProps } from './router';

interface AppRoute {
  path: string;
  title: string;
  load: () => Promise<{ default: ComponentType<ScreenProps> }>;
}

export const appRoutes: AppRoute[] = [
  // Each feature adds its screens here (keep one route per line).
  { path: '/bookings', title: 'My Bookings', load: () => import('./screens/bookings/BookingsScreen') },
  { path: '/passes/:id/buy', title: 'Buy a pass', load: () => import('./screens/pass-checkout/PassCheckoutScreen') },
  { path: '/wallet', title: 'Wallet', load: () => import('./screens/wallet/WalletScreen') },
  { path: '/bookings/:id', title: 'Your Booking', load: () => import('./screens/bookings/BookingConfirmationScreen') },
  { path: '/checkout/:classId', title: 'Checkout', load: () => import('./screens/checkout/CheckoutScreen') },
  { path: '/review', title: 'Review', load: () => import('./screens/review/ReviewScreen') },
  { path: '/profile', title: 'My Profile', load: () => import('./screens/profile/ProfileScreen') },
  { path: '/create-class', title: 'Create Class', load: () => import('./screens/class-form/ClassFormScreen') },
  { path: '/edit-class/:id', title: 'Edit Class', load: () => import('./screens/edit-class/EditClassScreen') },
  { path: '/my-classes', title: 'My Classes', load: () => import('./screens/my-classes/MyClassesScreen') },
  { path: '/my-calendar', title: 'My Calendar', load: () => import('./screens/calendar/MyCalendarScreen') },
  { path: '/roster/:classId', title: 'Roster', load: () => import('./screens/roster/RosterScreen') },
  { path: '/dashboard', title: 'Dashboard', load: () => import('./screens/dashboard/DashboardScreen') },
  { path: '/earnings', title: 'Earnings', load: () => import('./screens/earnings/EarningsScreen') },
  { path: '/pricing', title: 'Pricing', load: () => import('./screens/pricing/PricingScreen') },
  { path: '/promo-codes', title: 'Promo codes', load: () => import('./screens/promo-codes/PromoCodesScreen') },
  { path: '/customers/:id', title: 'Customer', load: () => import('./screens/customers/CustomerScreen') },
  { path: '/customers', title: 'Customers', load: () => import('./screens/customers/CustomersScreen') },
  { path: '/admin', title: 'Admin Dashboard', load: () => import('./screens/admin/AdminScreen') },
  { path: '/admin/users', title: 'Users', load: () => import('./screens/admin-users/UsersScreen') },
  { path: '/admin/users/:id', title: 'User', load: () => import('./screens/admin-users/UserScreen') },
  { path: '/blog/admin', title: 'Blog Management', load: () => import('./screens/blog-admin/BlogAdminScreen') },
  { path: '/blog/admin/create', title: 'Create Post', load: () => import('./screens/blog-admin/BlogPostFormScreen') },
  { path: '/blog/admin/edit/:id', title: 'Edit Post', load: () => import('./screens/blog-admin/BlogPostFormScreen') },
];
