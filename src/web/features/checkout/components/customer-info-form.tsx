/**
 * Checkout customer info form (storefront spec sections 3 and 5): name, email, address,
 * city, state and ZIP, all required (shared zod schema CustomerInfo). An incomplete
 * submit shows the 'Missing Information' toast and the per-field errors. With a kept
 * payment (create-order refused the details after payment) it shows the server's field
 * errors, focuses the first, and its button places the order: 'Complete Order'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CustomerInfo } from '@shared/schemas/checkout';
import { useEffect, useId } from 'react';
import { type FieldErrors, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { loadCheckoutDetails, saveCheckoutDetails } from '../saved-details';
import type { KeptPayment } from '../use-checkout-payment';

type CustomerInfoInput = z.input<typeof CustomerInfo>;

const EMPTY: CustomerInfoInput = {
  name: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
};

/** True when any field is blank: the spec's 'Missing Information' case. */
function hasBlankField(values: CustomerInfoInput): boolean {
  return Object.values(values).some((v) => typeof v !== 'string' || v.trim() === '');
}

export function CustomerInfoForm({
  initialValues,
  prefillEmail,
  keptPayment = null,
  processing = false,
  onSubmit,
}: {
  /** Values entered earlier (coming back through 'Edit Information'). */
  initialValues: CustomerInfo | null;
  /**
   * The signed-in user's e-mail, filled into the Email field while it is empty and
   * untouched. The name is not pre-filled: a username is not the buyer's full name.
   */
  prefillEmail: string | null;
  /** A captured payment waiting for corrected details; its field errors are shown. */
  keptPayment?: KeptPayment | null;
  /** True while a payment or order attempt runs (the submit button waits). */
  processing?: boolean;
  onSubmit(info: CustomerInfo): void;
}) {
  const form = useForm<CustomerInfoInput, unknown, CustomerInfo>({
    resolver: zodResolver(CustomerInfo),
    // What this tab typed before (a reload, or back from adding a pin) comes back.
    defaultValues: initialValues ?? loadCheckoutDetails() ?? EMPTY,
  });
  const { register, handleSubmit, formState, getValues, setValue, getFieldState, setError } = form;

  // Keep what is typed in this tab until the order is placed (saved-details.ts).
  useEffect(() => {
    const subscription = form.watch((values) => saveCheckoutDetails(values));
    return () => subscription.unsubscribe();
  }, [form]);

  // The server refused some details after payment: show its messages, focus the first.
  useEffect(() => {
    if (!keptPayment) return;
    const entries = Object.entries(keptPayment.fieldErrors) as [keyof CustomerInfo, string][];
    entries.forEach(([field, message], i) => {
      setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
    });
  }, [keptPayment, setError]);

  // Pre-fill the e-mail once the user is known, without overwriting typed text.
  useEffect(() => {
    if (!prefillEmail) return;
    if (!getFieldState('email').isDirty && !getValues('email')) setValue('email', prefillEmail);
  }, [prefillEmail, getFieldState, getValues, setValue]);

  const onInvalid = (_errors: FieldErrors<CustomerInfoInput>) => {
    if (hasBlankField(getValues())) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields before proceeding to payment.',
        variant: 'destructive',
      });
    }
  };

  const errors = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="space-y-4">
      <Field
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message}
        reg={register('name')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        reg={register('email')}
      />
      <Field
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        reg={register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          reg={register('city')}
        />
        <Field
          label="State"
          autoComplete="address-level1"
          error={errors.state?.message}
          reg={register('state')}
        />
        <Field
          label="ZIP Code"
          autoComplete="postal-code"
          inputMode="numeric"
          error={errors.zipCode?.message}
          reg={register('zipCode')}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={processing}
        aria-busy={processing}
      >
        {keptPayment ? (processing ? 'Processing...' : 'Complete Order') : 'Continue to Payment'}
      </Button>
    </form>
  );
}

function Field({
  label,
  reg,
  error,
  type = 'text',
  autoComplete,
  inputMode,
}: {
  label: string;
  reg: UseFormRegisterReturn;
  error: string | undefined;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // A field focused for its error stays clear of the sticky header (the root's
        // scroll-padding-top, index.css) and the toast, its label in sight.
        className="scroll-mt-20"
        {...reg}
      />
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
