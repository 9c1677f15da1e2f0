/**
 * What a password-reset form shows in its place once answered (link sent, password set,
 * link refused): an icon, a heading, the text and what to do next. `focus` moves the
 * keyboard and screen-reader focus to the heading, so the outcome of a submit is read out
 * where the form was.
 */
import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

const ICONS = {
  sent: { Icon: MailCheck, className: 'text-green-800' },
  done: { Icon: CircleCheck, className: 'text-green-800' },
  refused: { Icon: CircleAlert, className: 'text-destructive' },
} as const;

export function AuthNotice({
  kind,
  title,
  focus = true,
  children,
}: {
  kind: keyof typeof ICONS;
  title: string;
  /** Move the focus to the heading when shown (the outcome of a submit). */
  focus?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) requestAnimationFrame(() => heading.current?.focus());
  }, [focus]);
  const { Icon, className } = ICONS[kind];
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <Icon className={`mt-0.5 size-6 shrink-0 ${className}`} aria-hidden="true" />
        <div className="min-w-0 space-y-2">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </div>
  );
}
