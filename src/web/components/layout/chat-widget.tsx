/**
 * The floating chat button (back-office spec section 2 "Global": a chat widget opening
 * a social-media direct-message link; DECISIONS.md: hidden when VITE_CHAT_URL is unset).
 * Opens the configured http(s) link in a new tab; nothing else loads.
 */
import { MessageCircle } from 'lucide-react';
import { store } from '@/config/store';
import { safeHttpUrl } from '@/lib/safe-url';

export function ChatWidget({ url = store.chatUrl }: { url?: string | null }) {
  const href = safeHttpUrl(url);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-brand text-white shadow-lg ring-2 ring-gold transition hover:scale-105 focus-visible:ring-4 focus-visible:ring-gold-light focus-visible:outline-none"
    >
      <MessageCircle className="size-7" aria-hidden="true" />
      <span className="sr-only">Chat with us (opens in a new tab)</span>
    </a>
  );
}
