/**
 * A dialog holding an admin form: title, description, and the form mounted only while
 * open (so it starts from fresh default values each time). `children` gets `close`.
 * Closing it by Escape, a click outside or its X while the form has unsaved changes
 * asks 'Discard your changes?' first (an admin audit lost a half-written post to a stray
 * click); Cancel and a successful save close it directly.
 */
import { createContext, type ReactNode, useContext, useRef } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** The question asked before unsaved changes are thrown away. */
export const DISCARD_CHANGES_QUESTION = 'Discard your changes?';

/** Set by the AdminForm inside a FormDialog: whether it holds unsaved changes. */
const UnsavedChanges = createContext<{ current: boolean } | null>(null);

/** For AdminForm: tells the FormDialog around it (if any) whether the form is dirty. */
export function useReportUnsavedChanges(dirty: boolean): void {
  const unsaved = useContext(UnsavedChanges);
  if (unsaved) unsaved.current = dirty;
}

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  wide,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** A wider dialog for long forms. */
  wide?: boolean;
  children(close: () => void): ReactNode;
}) {
  const unsaved = useRef(false);
  const close = () => {
    unsaved.current = false;
    onOpenChange(false);
  };
  // Escape, a click outside, the X: ask first when the form holds unsaved changes.
  const dismiss = (next: boolean) => {
    if (next) onOpenChange(true);
    else if (!unsaved.current || window.confirm(DISCARD_CHANGES_QUESTION)) close();
  };
  return (
    <Dialog open={open} onOpenChange={dismiss}>
      <DialogContent className={cn(wide && 'sm:max-w-2xl')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <UnsavedChanges.Provider value={unsaved}>
          {open ? children(close) : null}
        </UnsavedChanges.Provider>
      </DialogContent>
    </Dialog>
  );
}
