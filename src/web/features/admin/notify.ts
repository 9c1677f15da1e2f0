/**
 * Toasts the admin sections share (back-office spec section 8: 'Error' with the server's
 * message or a default), and copying to the clipboard with its toast.
 */
import { toast } from '@/lib/toast';

/** 'Error' (or `title`) with the error's message, else `fallback`. */
export function toastError(error: unknown, fallback: string, title = 'Error'): void {
  toast({
    title,
    description: error instanceof Error && error.message ? error.message : fallback,
    variant: 'destructive',
  });
}

/** Copies `text`; toasts `done` on success, an 'Error' when the clipboard is unavailable. */
export function copyWithToast(text: string, done: { title: string; description: string }) {
  return navigator.clipboard.writeText(text).then(
    () => toast(done),
    (error: unknown) => toastError(error, 'The clipboard is not available here.'),
  );
}

/**
 * Runs a delete the server may turn into a deactivation (a product in orders, a used
 * code): toasts '{noun} Deleted' or '{noun} Deactivated' with the server's reason, or the
 * error (`errorTitle`, default 'Error'). Resolves true when it succeeded.
 */
export function runDelete(
  task: Promise<{ message: string; deactivated?: boolean }>,
  what: { noun: string; name: string; errorTitle?: string },
): Promise<boolean> {
  return task.then(
    (res) => {
      toast({
        title: `${what.noun} ${res.deactivated ? 'Deactivated' : 'Deleted'}`,
        description: res.deactivated ? res.message : `${what.name} has been deleted.`,
      });
      return true;
    },
    (error: unknown) => {
      toastError(error, `Failed to delete ${what.name}.`, what.errorTitle);
      return false;
    },
  );
}
