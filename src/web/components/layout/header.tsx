/**
 * Sticky site header (storefront spec section 2, "Header and global navigation"):
 * links Home / Get Quote / Wholesale / Track Order (+ Admin for admins; only pages
 * that are built, see nav-links.ts), the cart
 * button with the item-count badge toggling the drawer, and the account area
 * ('Welcome, {username}' + My Account (/account) + Logout, or Login / Sign Up). Below md the links and the
 * account area move into a menu panel that closes after a link or logout is tapped; the
 * open panel is at most as tall as the screen below it and scrolls.
 */
import { Menu, ShoppingCart, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { useLogout, useUser } from '@/features/auth/api';
import { useCart } from '@/features/cart/api';
import { useCartUi } from '@/features/cart/cart-state';
import { preloadCartDrawer } from '@/features/cart/components/lazy-cart-drawer';
import { toast } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import { navLinks } from './nav-links';
import { SiteLogo } from './site-logo';

/** Accessible name of the cart button, e.g. 'Shopping cart, 3 items'. */
export function cartButtonLabel(count: number): string {
  return `Shopping cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

function useCartCount(): number {
  const { data } = useCart();
  return data?.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}

function useLogoutAction(onDone?: () => void) {
  const logout = useLogout();
  const run = () => {
    onDone?.();
    logout.mutate(undefined, {
      onError: (error) =>
        toast({ title: 'Logout Failed', description: error.message, variant: 'destructive' }),
    });
  };
  return { run, isPending: logout.isPending };
}

const LINK_BASE =
  'rounded-md px-2 py-2 font-medium whitespace-nowrap transition-colors lg:px-3 hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

/** Desktop link classes (plain strings: nothing here conflicts, so no class merging). */
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${LINK_BASE} text-sm ${isActive ? 'text-primary' : 'text-slate-700'}`;

/** Menu-panel link classes: larger text, one per row. */
const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${LINK_BASE} block text-base ${isActive ? 'text-primary' : 'text-slate-700'}`;

/**
 * Tailwind's `lg` breakpoint: the desktop links and account area show from here on (from
 * `md` the five links and the account area left the store name cut to 'Fair…' up to
 * about 880 px: a buyer audit). Below it, the menu button.
 */
const WIDE_QUERY = '(min-width: 64rem)';
/** Tailwind's `xl` breakpoint: 'Welcome, {username}' shows from here on. */
const LARGE_QUERY = '(min-width: 80rem)';

/** localStorage key of the account area's width at one breakpoint (a number, no personal data). */
const accountWidthKey = (large: boolean) => `header-account-width:${large ? 'xl' : 'lg'}`;

function readAccountWidth(large: boolean): number | null {
  try {
    const width = Number(window.localStorage.getItem(accountWidthKey(large)));
    return Number.isFinite(width) && width > 0 ? width : null;
  } catch {
    return null;
  }
}

/**
 * The desktop account area ('Welcome, {username}' + My Account + Logout, or Login / Sign Up). While the
 * user call is in flight it keeps the room the area took the last time this browser drew it
 * (its width, kept in localStorage per breakpoint), or else the footprint of the signed-out
 * buttons, invisible and hidden from assistive technology: the header's right-hand group
 * does not widen when the answer comes (it moved by 0.0006 on desktop), and a signed-in
 * visitor never sees Login (docs/decisions.md, issue 10 entry 26).
 */
function AccountArea({
  loading,
  user,
  logout,
}: {
  loading: boolean;
  user: { username: string } | null;
  logout: { run(): void; isPending: boolean };
}) {
  const large = useMediaQuery(LARGE_QUERY);
  const box = useRef<HTMLDivElement>(null);
  const [reserved] = useState(() => readAccountWidth(large));
  // Logout replaces itself with Login: the focus it held would fall to the page's start
  // (a screen-reader audit), so Login takes it when the user is gone after a Logout click.
  const login = useRef<HTMLAnchorElement>(null);
  const focusLogin = useRef(false);
  useEffect(() => {
    if (user || !focusLogin.current) return;
    focusLogin.current = false;
    if (document.activeElement === document.body || document.activeElement === null)
      login.current?.focus();
  }, [user]);
  // Remember the drawn width (after the answer, and again when the user signs in or out).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured when what is drawn changes
  useLayoutEffect(() => {
    if (loading || !box.current) return;
    try {
      window.localStorage.setItem(
        accountWidthKey(large),
        String(box.current.getBoundingClientRect().width),
      );
    } catch {
      // Private mode: the next page reserves the signed-out footprint.
    }
  }, [loading, large, user?.username]);

  let content: React.ReactNode;
  if (loading) {
    content =
      reserved === null ? (
        <div aria-hidden="true" className="invisible flex items-center gap-2">
          <span className={buttonVariants({ variant: 'ghost', size: 'sm' })}>Login</span>
          <span className={buttonVariants({ size: 'sm' })}>Sign Up</span>
        </div>
      ) : null;
  } else if (user) {
    content = (
      <>
        <span className="hidden max-w-64 truncate text-sm text-slate-700 xl:inline">
          Welcome, {user.username}
        </span>
        {/* A NavLink, as the menu panel's: aria-current="page" on /account. */}
        <Button asChild variant="ghost" size="sm">
          <NavLink to="/account">My Account</NavLink>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            focusLogin.current = true;
            logout.run();
          }}
          pending={logout.isPending}
        >
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <Button asChild variant="ghost" size="sm">
          <Link ref={login} to="/login">
            Login
          </Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/register">Sign Up</Link>
        </Button>
      </>
    );
  }
  return (
    <div
      ref={box}
      className="hidden items-center justify-end gap-2 lg:flex"
      style={loading && reserved !== null ? { width: reserved } : undefined}
    >
      {content}
    </div>
  );
}

export function Header() {
  const { user, isAdmin, isLoading: userLoading } = useUser();
  const { isOpen: cartOpen, toggle } = useCartUi();
  const count = useCartCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const closeMenu = () => setMenuOpen(false);
  const logout = useLogoutAction(closeMenu);
  const links = navLinks(isAdmin);
  // What CSS hides is not built: the desktop links and account area below md, the menu
  // panel's content while it is closed (a smaller first render, issue 10). The server's
  // HTML carries both for readers without JavaScript.
  const wide = useMediaQuery(WIDE_QUERY);

  // A route change (link, back button) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // The open menu ends at the bottom of the screen and scrolls: inside the sticky header it
  // does not move with the page, and at 740x360 an admin's 411 px menu left Logout off
  // screen, out of reach (a mobile audit). Its top moves while the test-mode banner above
  // the header scrolls away, so it is measured again on scroll and resize.
  const menuPanel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const panel = menuPanel.current;
    if (!menuOpen || !panel) return;
    const fitToScreen = () => {
      const top = Math.max(0, panel.getBoundingClientRect().top);
      panel.style.maxHeight = `${Math.max(0, window.innerHeight - top)}px`;
    };
    fitToScreen();
    window.addEventListener('resize', fitToScreen);
    window.addEventListener('scroll', fitToScreen, { passive: true });
    return () => {
      window.removeEventListener('resize', fitToScreen);
      window.removeEventListener('scroll', fitToScreen);
      panel.style.maxHeight = '';
    };
  }, [menuOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-t-4 border-b border-t-gold bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:px-6">
        <SiteLogo />
        {wide && (
          <nav aria-label="Main" className="ml-4 hidden lg:block">
            <ul className="flex items-center lg:gap-1">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.to === '/'} className={linkClass}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          {wide ? <AccountArea loading={userLoading} user={user} logout={logout} /> : null}
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={cartButtonLabel(count)}
            aria-haspopup="dialog"
            aria-expanded={cartOpen}
            onClick={toggle}
            onPointerEnter={preloadCartDrawer}
            onFocus={preloadCartDrawer}
          >
            <ShoppingCart className="size-5" aria-hidden="true" />
            {count > 0 && (
              <span
                aria-hidden="true"
                className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-primary-foreground"
              >
                {count}
              </span>
            )}
          </Button>
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </Button>
        </div>
      </div>
      <div
        ref={menuPanel}
        id={menuId}
        hidden={!menuOpen}
        className="overflow-y-auto overscroll-contain border-t bg-white lg:hidden"
      >
        {menuOpen && (
          <nav aria-label="Mobile" className="px-4 py-3">
            <ul className="flex flex-col gap-1">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    end={l.to === '/'}
                    onClick={closeMenu}
                    className={mobileLinkClass}
                  >
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 border-t pt-3">
              {user ? (
                <div className="flex flex-col gap-1">
                  <NavLink to="/account" onClick={closeMenu} className={mobileLinkClass}>
                    My Account
                  </NavLink>
                  <div className="flex items-center justify-between gap-3">
                    <span className="truncate text-sm text-slate-700">
                      Welcome, {user.username}
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={logout.run}
                      pending={logout.isPending}
                    >
                      {logout.isPending ? 'Logging out...' : 'Logout'}
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="grid grid-cols-2 gap-2">
                  <Button asChild variant="outline">
                    <Link to="/login" onClick={closeMenu}>
                      Login
                    </Link>
                  </Button>
                  <Button asChild>
                    <Link to="/register" onClick={closeMenu}>
                      Sign Up
                    </Link>
                  </Button>
                </div>
              )}
            </div>
          </nav>
        )}
      </div>
    </header>
  );
}
