/** The store's word mark with a small flag-on-green glyph (no image asset). Name from config. */
import { Link } from 'react-router';
import { store } from '@/config/store';

export function SiteLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="flex min-w-0 items-center gap-2 rounded-md font-bold text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <circle cx="16" cy="16" r="15.5" fill="#d4a72c" />
        <circle cx="16" cy="16" r="13" fill="#0f3d2e" />
        <ellipse cx="16" cy="24" rx="9" ry="3" fill="#4caf50" />
        <rect x="15" y="6" width="1.8" height="18" fill="#f3dc8c" />
        <path d="M16.8 6 L25 9.5 L16.8 13 Z" fill="#c62828" />
      </svg>
      <span className="truncate font-heading text-xl font-normal text-brand">{store.name}</span>
    </Link>
  );
}
