import { Toaster as Sonner } from 'sonner';

/** The one toaster: one toast visible at a time, 5000 ms (storefront spec section 9). */
function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="top-center"
      toastOptions={{ classNames: { error: 'bg-destructive! text-white! border-destructive!' } }}
      richColors={false}
      closeButton
    />
  );
}

export { Toaster };
