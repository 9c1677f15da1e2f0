/**
 * Checkout customer info form (storefront spec sections 3 and 5): name, email, address,
 * city, state and ZIP, all required (shared zod schema CustomerInfo), and the country:
 * the shop ships to the USA and Canada, says so above the address and sends anyone else
 * to a quote (docs/decisions.md "Where the shop ships, and names in one form"). In Canada
 * the State and ZIP Code fields read Province and Postal Code; the postal code is checked
 * against the country chosen, and its field takes letters and a hyphen on a phone's
 * keyboard. An incomplete submit shows the 'Missing Information' toast and the per-field
 * errors. With a kept payment (create-order refused the details after payment) it shows
 * the server's field errors, focuses the first, and its button places the order:
 * 'Complete Order'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADDRESS_LABELS,
  COUNTRY_NAMES,
  CustomerInfo,
  SHIPPING_COUNTRIES,
} from '@shared/schemas/checkout';
import { type ReactNode, useEffect, useId } from 'react';
import { type FieldErrors, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { loadCheckoutDetails, saveCheckoutDetails } from '../saved-details';
import type { KeptPayment } from '../use-checkout-payment';

/** What the form holds: CustomerInfo before parsing (the country may be left out: United States). */
export type CustomerInfoInput = z.input<typeof CustomerInfo>;

const EMPTY: CustomerInfoInput = {
  name: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
};

/** The shipping area, said above the address. */
export const SHIPPING_AREA_TEXT = 'We ship to addresses in the USA and Canada.';

/** True when any field is blank: the spec's 'Missing Information' case. */
function hasBlankField(values: CustomerInfoInput): boolean {
  return Object.values(values).some((v) => typeof v !== 'string' || v.trim() === '');
}

export function CustomerInfoForm({
  initialValues,
  prefillEmail,
  keptPayment = null,
  processing = false,
  elsewhere,
  onSubmit,
}: {
  /** Values entered earlier (coming back through 'Edit Information'); no country: United States. */
  initialValues: CustomerInfoInput | null;
  /**
   * The signed-in user's e-mail, filled into the Email field while it is empty and
   * untouched. The name is not pre-filled: a username is not the buyer's full name.
   */
  prefillEmail: string | null;
  /** A captured payment waiting for corrected details; its field errors are shown. */
  keptPayment?: KeptPayment | null;
  /** True while a payment or order attempt runs (the submit button waits). */
  processing?: boolean;
  /**
   * What a buyer outside the USA and Canada is told after SHIPPING_AREA_TEXT; by default
   * a link to the quote request (catalogue checkout). The custom order checkout, which a
   * quote leads to, says whom to write to instead.
   */
  elsewhere?: ReactNode;
  onSubmit(info: CustomerInfo): void;
}) {
  const form = useForm<CustomerInfoInput, unknown, CustomerInfo>({
    resolver: zodResolver(CustomerInfo),
    // What this tab typed before (a reload, or back from adding a pin) comes back.
    defaultValues: { ...EMPTY, ...(initialValues ?? loadCheckoutDetails()) },
  });
  const {
    register,
    handleSubmit,
    formState,
    getValues,
    setValue,
    getFieldState,
    setError,
    trigger,
    control,
  } = form;
  const country = useWatch({ control, name: 'country' }) ?? 'US';
  const words = ADDRESS_LABELS[country];
  const areaId = useId();

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
      <div className="space-y-2">
        <p id={areaId} className="text-muted-foreground text-sm">
          {SHIPPING_AREA_TEXT}{' '}
          {elsewhere ?? (
            <>
              Shipping somewhere else?{' '}
              <Link to="/quote" className="text-primary underline underline-offset-4">
                Request a quote
              </Link>{' '}
              and we will work out delivery with you.
            </>
          )}
        </p>
        <CountryField
          describedBy={areaId}
          reg={register('country', {
            // The state and ZIP messages name the country's words: check them again.
            onChange: () => {
              if (formState.isSubmitted) void trigger(['state', 'zipCode']);
            },
          })}
        />
      </div>
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
          label={words.region}
          autoComplete="address-level1"
          error={errors.state?.message}
          reg={register('state')}
        />
        <Field
          label={words.postalCode}
          autoComplete="postal-code"
          // Letters and a hyphen too (A1A 1A1, 12345-6789): no numeric keypad on phones.
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.zipCode?.message}
          reg={register('zipCode')}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        pending={processing}
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
  autoCapitalize,
  spellCheck,
}: {
  label: string;
  reg: UseFormRegisterReturn;
  error: string | undefined;
  type?: string;
  autoComplete?: string;
  autoCapitalize?: string;
  spellCheck?: boolean;
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
        autoCapitalize={autoCapitalize}
        spellCheck={spellCheck}
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

/** The country the order ships to: United States or Canada (a native select). */
function CountryField({ reg, describedBy }: { reg: UseFormRegisterReturn; describedBy: string }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        Country
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      <select
        id={id}
        autoComplete="country"
        required
        aria-describedby={describedBy}
        className="border-input bg-background focus-visible:border-ring focus-visible:ring-ring/50 h-9 w-full min-w-0 scroll-mt-20 rounded-md border px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] md:text-sm"
        {...reg}
      >
        {SHIPPING_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {COUNTRY_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
