/**
 * The five-step custom pin wizard (storefront spec sections 2-5, 8, 9 "Custom pin
 * wizard"): Choose Quantity, Pin Specifications, Packaging & Delivery, Upload Design &
 * Details, Review & Order; Previous / Next Step / 'Pay Deposit - {amount}'. Beside the
 * steps: the live preview (lazy, shared/pin-art.ts) and the live price summary with the
 * promo code. Progress is saved in localStorage `customPinProgress` (never the file) and
 * kept until the deposit is placed (custom-checkout.tsx clears it), so Back from checkout
 * or its 'Edit Order' restores the order; restored from the review step, the wizard opens
 * step 4 and asks for the file again. 'Pay Deposit' uploads the logo with the draft
 * (progress shown), the server prices and stores the prepared order, then the buyer goes
 * to /checkout?orderData=...; a signed-in first-time customer first sees confetti and a
 * congratulations notice for 2 seconds.
 */

import { CUSTOM_LOGO_MAX_BYTES, CUSTOM_MESSAGES, QUANTITY_SLIDER } from '@shared/custom-pins';
import { centsToDollars, formatUsd } from '@shared/money';
import { CUSTOM_PIN_PRICE_TABLE } from '@shared/pricing';
import { Zap } from 'lucide-react';
import { lazy, type Ref, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/api';
import { useCartUi } from '@/features/cart/cart-state';
import { AfterFirstRender } from '@/lib/after-first-render';
import { ApiRequestError } from '@/lib/api';
import { revealBelowHeader } from '@/lib/reveal';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useRushSlots, validatePromoCode } from '../api';
import { useToastLiftAbove } from '../toast-lift';
import {
  appliedPromoFrom,
  INITIAL_WIZARD,
  PROGRESS_KEY,
  progressToSave,
  promoCodeToSend,
  restoreProgress,
  stepValid,
  WIZARD_STEPS,
  type WizardState,
  type WizardStep,
  wizardQuote,
} from '../wizard-state';
import { PriceSummary } from './price-summary';

const PinPreview = lazy(() => import('./pin-preview'));
const loadSteps = () => import('./wizard-steps');
const SpecsStep = lazy(() => loadSteps().then((m) => ({ default: m.SpecsStep })));
const PackagingStep = lazy(() => loadSteps().then((m) => ({ default: m.PackagingStep })));
const DetailsStep = lazy(() => loadSteps().then((m) => ({ default: m.DetailsStep })));
const ReviewStep = lazy(() => loadSteps().then((m) => ({ default: m.ReviewStep })));

/** Redirect delay for a first-time customer (spec section 9). */
const FIRST_ORDER_REDIRECT_MS = 2000;
const LOGO_TYPES = [
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/svg+xml',
  'application/pdf',
];

export function CustomWizard() {
  const navigate = useNavigate();
  const { user } = useUser();
  const slots = useRushSlots();
  const [state, setState] = useState<WizardState>(INITIAL_WIZARD);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [promoInput, setPromoInput] = useState('');
  const [validating, setValidating] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  /** 'Next Step' was pressed with something missing: the step's fields say what. */
  const [showErrors, setShowErrors] = useState(false);
  const [celebrating, setCelebrating] = useState(false);
  /** Restored from the review step: the file chosen then is gone and step 4 says so. */
  const [fileAgain, setFileAgain] = useState(false);
  const loaded = useRef(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepCounter = useRef<HTMLOListElement>(null);
  // A toast never sits on Previous / Next Step / Pay Deposit: scrolled to the bottom of the
  // screen, they lift the toaster above them (the open cart drawer owns the lift meanwhile).
  const buttons = useRef<HTMLDivElement>(null);
  const cartOpen = useCartUi().isOpen;
  useToastLiftAbove(buttons, cartOpen);
  const quote = useMemo(() => wizardQuote(state), [state]);
  const rushLeft = slots.data?.slotsLeft ?? null;
  const update = (patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch }));

  // Fetch steps 2-5 while step 1 is on screen; step 4's check (the server's zod fields)
  // comes with them, so zod is not in /custom's first load.
  const [checkDetails, setCheckDetails] = useState<
    typeof import('../contact-check').detailsMissing | null
  >(null);
  // Tried again on each change of step until it is in: a failed prefetch must not leave
  // step 4's 'Next Step' unavailable with its fields filled in.
  const checkMissing = checkDetails === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a step change is when to try again
  useEffect(() => {
    if (!checkMissing) return;
    let live = true;
    loadSteps().then(
      (steps) => {
        if (live) setCheckDetails(() => steps.detailsMissing);
      },
      () => {
        // Offline for now: the next step change tries again (the step's own lazy load
        // shows the route's error screen if it fails too).
      },
    );
    return () => {
      live = false;
    };
  }, [checkMissing, state.currentStep]);

  // Restore saved progress once; then save on every change (spec section 4).
  useEffect(() => {
    try {
      const saved = restoreProgress(localStorage.getItem(PROGRESS_KEY), Date.now());
      // The review step needs the file, which no reload keeps (a prepared order's upload
      // cannot be reused either: prepare takes a new one): back to step 4 to choose it again.
      const restored = saved?.currentStep === 5 ? { ...saved, currentStep: 4 as const } : saved;
      if (restored) {
        setState(restored);
        setFileAgain(saved?.currentStep === 5);
        setPromoInput(restored.appliedDiscount ? '' : restored.promoCode);
        if (restored.currentStep > 1) {
          toast({
            title: 'Progress Restored',
            description: 'We restored your saved design progress.',
            duration: 3000,
          });
        }
      }
    } catch (error) {
      console.warn('Restoring the saved wizard progress failed', error);
    }
    loaded.current = true;
  }, []);
  useEffect(() => {
    if (!loaded.current) return;
    try {
      localStorage.setItem(PROGRESS_KEY, progressToSave(state, Date.now()));
    } catch {
      // Storage full or blocked: the wizard works without saving.
    }
  }, [state]);

  // No rush slot left this month: rush is unavailable (DECISIONS.md "Honest claims").
  useEffect(() => {
    if (rushLeft === 0 && state.rushOrder) setState((s) => ({ ...s, rushOrder: false }));
  }, [rushLeft, state.rushOrder]);

  // The logo's object URL lives as long as the file is chosen.
  useEffect(() => {
    if (!logo || logo.type === 'application/pdf') {
      setLogoUrl(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setLogoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  // The new step's heading takes focus (screen readers hear it) without the browser's own
  // scroll, which put it under the sticky header and the step counter off screen: the
  // counter and the heading are brought into view below the header instead.
  const goTo = (step: WizardStep) => {
    setShowErrors(false);
    update({ currentStep: step });
    requestAnimationFrame(() => {
      const heading = stepHeading.current;
      if (!heading) return;
      heading.focus({ preventScroll: true });
      revealBelowHeader(stepCounter.current ?? heading, heading);
    });
  };

  const chooseFile = (file: File | null) => {
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) {
      toast({
        title: 'Invalid File Type',
        description: CUSTOM_MESSAGES.invalidFile,
        variant: 'destructive',
      });
      return;
    }
    if (file.size > CUSTOM_LOGO_MAX_BYTES) {
      toast({
        title: 'File Too Large',
        description: CUSTOM_MESSAGES.fileTooLarge,
        variant: 'destructive',
      });
      return;
    }
    setLogo(file);
  };

  const applyPromo = async () => {
    const code = promoInput.trim().toUpperCase();
    if (!code || !quote) return;
    setValidating(true);
    try {
      const res = await validatePromoCode(code, centsToDollars(quote.baseTotalCents));
      if (res.valid && res.discountCode) {
        update({
          promoCode: res.discountCode.code,
          appliedDiscount: appliedPromoFrom(res.discountCode),
        });
        setPromoInput('');
        toast({
          title: 'Promo Code Applied',
          description: `You saved ${formatUsd(Math.round(res.discountAmount * 100))}!`,
        });
      } else {
        update({ appliedDiscount: null, promoCode: '' });
        toast({
          title: CUSTOM_MESSAGES.promoInvalidTitle,
          description: res.error || CUSTOM_MESSAGES.promoInvalid,
          variant: 'destructive',
        });
      }
    } catch {
      toast({ title: 'Error', description: CUSTOM_MESSAGES.promoFailed, variant: 'destructive' });
    } finally {
      setValidating(false);
    }
  };

  const removePromo = () => {
    update({ appliedDiscount: null, promoCode: '' });
    toast({
      title: 'Promo Code Removed',
      description: 'The promo code has been removed from your order.',
    });
  };

  const payDeposit = async () => {
    if (!logo || !state.customerName.trim() || !state.customerEmail.trim()) {
      toast({
        title: CUSTOM_MESSAGES.missingTitle,
        description: CUSTOM_MESSAGES.missing,
        variant: 'destructive',
      });
      return;
    }
    if (!quote || submitting) return;
    setSubmitting(true);
    setUploadFailed(false);
    setProgress(0);
    try {
      const { submitCustomOrder } = await import('../submit');
      const { checkoutUrl: target, firstOrder } = await submitCustomOrder(
        {
          quantity: state.quantity,
          size: state.size,
          plating: state.plating,
          packaging: state.packaging.join(','),
          rushOrder: state.rushOrder,
          customerName: state.customerName.trim(),
          customerEmail: state.customerEmail.trim(),
          customerPhone: state.customerPhone.trim() || null,
          notes: state.notes.trim() || null,
          promoCode: promoCodeToSend(state),
          rushOrderFee: centsToDollars(quote.rushFeeCents),
          pricePerPin: centsToDollars(quote.pricePerPinCents),
          discountAmount: centsToDollars(quote.discountCents),
          totalPrice: centsToDollars(quote.totalCents),
          depositAmount: centsToDollars(quote.depositCents),
          remainingBalance: centsToDollars(quote.balanceCents),
        },
        logo,
        user !== null,
        setProgress,
      );
      // The saved progress stays until the deposit is placed (Back or 'Edit Order' restores it).
      if (firstOrder) {
        setCelebrating(true);
        void import('../confetti').then((m) => m.celebrate());
        window.setTimeout(() => navigate(target), FIRST_ORDER_REDIRECT_MS);
        return;
      }
      navigate(target);
    } catch (error) {
      const message =
        error instanceof ApiRequestError && error.status > 0 && error.status < 500
          ? error.message
          : null;
      if (
        error instanceof ApiRequestError &&
        (error.body as { field?: string } | null)?.field === 'promoCode'
      ) {
        update({ appliedDiscount: null, promoCode: '' });
      }
      if (
        error instanceof ApiRequestError &&
        (error.body as { field?: string } | null)?.field === 'rushOrder'
      ) {
        void slots.refetch();
      }
      toast({
        title: 'Error',
        description: message ?? CUSTOM_MESSAGES.prepareFailed,
        variant: 'destructive',
      });
      setSubmitting(false);
      setProgress(null);
      setUploadFailed(true);
    }
  };

  const step = state.currentStep;
  // Why 'Next Step' is disabled on the details step, said next to it (null until the
  // step's check has loaded: not yet valid, nothing said).
  const missingDetails = step === 4 && checkDetails ? checkDetails(state, logo !== null) : null;
  const valid = stepValid(step, state, missingDetails);
  const missing = missingDetails ?? [];
  const nextHint = missing.length > 0 ? `To continue, ${missing.join(', ')}.` : null;
  const nextHintId = useId();
  // 'Next Step' stays focusable while the step is incomplete (aria-disabled, not disabled:
  // Tab skipped it and its 'To continue, ...' hint). Pressed then, it marks the missing
  // fields and moves the focus to the first of them, so it keeps plain `aria-disabled` and
  // this handler: the Button's `unavailable` would ignore that press (button.tsx).
  const nextStep = () => {
    if (valid) {
      goTo((step + 1) as WizardStep);
      return;
    }
    setShowErrors(true);
    requestAnimationFrame(() => {
      const card = stepHeading.current?.closest('[data-slot="card"]');
      const target =
        card?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        card?.querySelector<HTMLElement>('input:not([disabled])');
      target?.focus();
    });
  };
  // The upload said at its start, its end and on failure, never percent by percent.
  const uploadNote =
    progress === null
      ? uploadFailed
        ? 'Your order was not sent.'
        : ''
      : progress >= 1
        ? 'Logo uploaded. Preparing your order…'
        : 'Uploading your logo…';

  return (
    <div className="space-y-6">
      <RushBanner left={rushLeft} perMonth={slots.data?.slotsPerMonth ?? null} />
      <StepIndicator current={step} listRef={stepCounter} />
      {celebrating ? (
        <div
          role="status"
          className="rounded-xl border border-green-300 bg-green-50 p-4 text-green-900"
        >
          <p className="font-semibold">Congratulations on your first custom order!</p>
          <p className="text-sm">Taking you to checkout to pay your deposit…</p>
        </div>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader>
            <h2
              ref={stepHeading}
              tabIndex={-1}
              className="text-xl leading-tight font-semibold outline-none"
            >
              Step {step}: {WIZARD_STEPS[step - 1]}
            </h2>
          </CardHeader>
          <CardContent className="space-y-6">
            {step === 1 ? <QuantityStep state={state} update={update} /> : null}
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              {step === 2 ? <SpecsStep state={state} update={update} /> : null}
              {step === 3 ? (
                <PackagingStep state={state} update={update} rushLeft={rushLeft} />
              ) : null}
              {step === 4 && fileAgain && !logo ? (
                <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                  Your choices are restored. Please choose your logo or design file again: files are
                  not kept when you leave this page.
                </p>
              ) : null}
              {step === 4 ? (
                <DetailsStep
                  state={state}
                  update={update}
                  logo={logo}
                  logoUrl={logoUrl}
                  onFile={chooseFile}
                  showErrors={showErrors}
                />
              ) : null}
              {step === 5 ? <ReviewStep state={state} logo={logo} /> : null}
            </Suspense>
            <p role="status" className="sr-only" data-testid="upload-status">
              {uploadNote}
            </p>
            {progress !== null ? (
              <div className="space-y-1">
                <p className="text-sm" id="upload-progress-label">
                  Uploading your logo… {Math.round(progress * 100)}%
                </p>
                <div
                  role="progressbar"
                  aria-labelledby="upload-progress-label"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                  className="bg-muted h-2 overflow-hidden rounded-full"
                >
                  <div
                    className="bg-primary h-full transition-[width]"
                    style={{ width: `${progress * 100}%` }}
                  />
                </div>
              </div>
            ) : null}
            {/* Previous (on step 1, and while the order is sent) and Pay Deposit (no price yet)
                are `unavailable` / `pending`, not `disabled`: they keep a keyboard user's focus
                and ignore presses (docs/decisions.md "One password field set; the wizard keeps
                focus"). */}
            <div ref={buttons} className="flex flex-wrap justify-between gap-2 border-t pt-4">
              <Button
                type="button"
                variant="outline"
                unavailable={step === 1}
                pending={submitting}
                onClick={() => goTo((step - 1) as WizardStep)}
              >
                Previous
              </Button>
              {step < 5 ? (
                <Button
                  type="button"
                  aria-disabled={!valid || undefined}
                  aria-describedby={nextHint ? nextHintId : undefined}
                  className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                  onClick={nextStep}
                >
                  Next Step
                </Button>
              ) : (
                <Button
                  type="button"
                  size="lg"
                  unavailable={!quote}
                  pending={submitting}
                  aria-busy={submitting}
                  onClick={() => void payDeposit()}
                >
                  {submitting
                    ? 'Processing...'
                    : quote
                      ? `Pay Deposit - ${formatUsd(quote.depositCents)}`
                      : 'Pay Deposit'}
                </Button>
              )}
            </div>
            {nextHint ? (
              <p id={nextHintId} className="text-sm text-slate-700" aria-live="polite">
                {nextHint}
              </p>
            ) : null}
          </CardContent>
        </Card>
        {/* The preview and the price: below the step on a phone, built in the task after the
            first render so the page's first render stays short (issue 10). */}
        <AfterFirstRender>
          <div className="space-y-6">
            <Card>
              <CardHeader>
                <h2 className="text-lg leading-none font-semibold">Live Preview</h2>
              </CardHeader>
              <CardContent>
                <Suspense fallback={<Skeleton className="mx-auto aspect-[7/4] w-full max-w-sm" />}>
                  <PinPreview
                    size={state.size}
                    plating={state.plating}
                    logoUrl={logoUrl}
                    logoIsPdf={logo?.type === 'application/pdf'}
                  />
                </Suspense>
              </CardContent>
            </Card>
            <PriceSummary
              state={state}
              quote={quote}
              promoInput={promoInput}
              onPromoInput={setPromoInput}
              onApplyPromo={() => void applyPromo()}
              onRemovePromo={removePromo}
              validating={validating}
            />
          </div>
        </AfterFirstRender>
      </div>
    </div>
  );
}

function RushBanner({ left, perMonth }: { left: number | null; perMonth: number | null }) {
  if (left === null || perMonth === null || perMonth === 0) return null;
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-xl border p-4',
        left > 0 ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-300 bg-slate-50',
      )}
    >
      <Zap aria-hidden="true" className="size-5 shrink-0" />
      <p className="text-sm">
        {left > 0 ? (
          <>
            <span className="font-semibold">
              Rush orders: only {left} {left === 1 ? 'spot' : 'spots'} left this month.
            </span>{' '}
            Delivery in 2-3 weeks with design approval within 12 hours.
          </>
        ) : (
          <span className="font-semibold">
            Rush orders are fully booked this month. Standard delivery is 3-4 weeks.
          </span>
        )}
      </p>
    </div>
  );
}

function StepIndicator({
  current,
  listRef,
}: {
  current: WizardStep;
  listRef?: Ref<HTMLOListElement>;
}) {
  return (
    <ol ref={listRef} aria-label="Wizard steps" className="grid grid-cols-5 gap-1 sm:gap-2">
      {WIZARD_STEPS.map((title, i) => {
        const n = i + 1;
        const state = n < current ? 'complete' : n === current ? 'current' : 'upcoming';
        return (
          <li
            key={title}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex flex-col items-center gap-1 text-center"
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                state === 'complete' && 'border-primary bg-primary text-primary-foreground',
                state === 'current' && 'border-primary text-primary bg-white',
                state === 'upcoming' && 'border-input bg-white text-slate-600',
              )}
            >
              {n}
            </span>
            <span
              className={cn(
                'hidden text-xs sm:block',
                state === 'current' ? 'font-semibold' : 'text-slate-700',
              )}
            >
              {title}
            </span>
            <span className="sr-only">
              {`Step ${n}: ${title} (${state === 'current' ? 'current step' : state})`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

type StepProps = import('./wizard-steps').StepProps;

function QuantityStep({ state, update }: StepProps) {
  const id = useId();
  const sliderValue = Math.min(
    QUANTITY_SLIDER.max,
    Math.max(QUANTITY_SLIDER.min, state.quantity || 0),
  );
  const invalid = !stepValid(1, state, null);
  return (
    <>
      <div className="space-y-3">
        <Label htmlFor={`${id}-slider`}>How many pins? (slider, 50 to 1000)</Label>
        <input
          id={`${id}-slider`}
          type="range"
          min={QUANTITY_SLIDER.min}
          max={QUANTITY_SLIDER.max}
          step={QUANTITY_SLIDER.step}
          value={sliderValue}
          onChange={(e) => update({ quantity: Number(e.target.value) })}
          className="accent-primary w-full"
        />
        <div className="flex items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor={`${id}-qty`}>Quantity</Label>
            <Input
              id={`${id}-qty`}
              type="number"
              inputMode="numeric"
              min={25}
              max={1000}
              step={1}
              value={Number.isFinite(state.quantity) ? state.quantity : ''}
              aria-invalid={invalid}
              aria-describedby={`${id}-hint`}
              onChange={(e) =>
                update({
                  quantity: e.target.value === '' ? Number.NaN : Math.trunc(Number(e.target.value)),
                })
              }
              className="w-32"
            />
          </div>
          <p
            id={`${id}-hint`}
            className={cn('pb-2 text-sm', invalid ? 'text-destructive' : 'text-muted-foreground')}
          >
            {invalid ? 'Please choose from 25 to 1000 pins.' : 'Minimum order: 25 pins'}
          </p>
        </div>
      </div>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold">
          Price per pin by quantity (silver, 1 inch)
        </caption>
        <thead className="text-left text-slate-700">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Quantity
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Price per pin
            </th>
          </tr>
        </thead>
        <tbody>
          {CUSTOM_PIN_PRICE_TABLE.map((row) => {
            const active = state.quantity >= row.minQuantity && state.quantity <= row.maxQuantity;
            return (
              <tr
                key={row.minQuantity}
                className={cn('border-t', active && 'bg-accent font-semibold')}
                aria-current={active ? 'true' : undefined}
              >
                <td className="py-1.5 pl-1">{`${row.minQuantity}-${row.maxQuantity} pins`}</td>
                <td className="py-1.5 pr-1 text-right">{formatUsd(row.pricePerPinCents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
