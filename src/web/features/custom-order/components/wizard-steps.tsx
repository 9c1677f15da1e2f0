/**
 * Steps 2 to 5 of the custom pin wizard (storefront spec sections 2-5): Pin
 * Specifications, Packaging & Delivery, Upload Design & Details, Review & Order. In their
 * own chunk, fetched while step 1 is on screen, so /custom's first load stays small.
 */
import {
  CUSTOM_MESSAGES,
  PACKAGING_LABELS,
  PLATING_LABELS,
  SIZE_LABELS,
  togglePackaging,
} from '@shared/custom-pins';
import { formatUsd } from '@shared/money';
import {
  PACKAGING_EXTRA_CENTS,
  PIN_PACKAGING,
  PIN_PLATINGS,
  PIN_SIZES,
  PLATING_EXTRA_CENTS,
  RUSH_FEE_CENTS,
  SIZE_EXTRA_CENTS,
} from '@shared/pricing';
import { CUSTOM_CONTACT_MAX } from '@shared/schemas/custom-order-contact';
import { FileText, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatMegabytes } from '@/lib/file-size';
import { cn } from '@/lib/utils';
import { contactErrors } from '../contact-check';
import type { WizardState } from '../wizard-state';

/** Step 4's check, for the wizard's 'Next Step' (loaded with this chunk: contact-check.ts). */
export { detailsMissing } from '../contact-check';

export type StepProps = { state: WizardState; update(patch: Partial<WizardState>): void };

const extra = (cents: number) => (cents > 0 ? `+${formatUsd(cents)} per pin` : 'Included');

function ChoiceGroup<T extends string>({
  legend,
  name,
  type,
  options,
  isChecked,
  onChoose,
  disabled,
}: {
  legend: string;
  name: string;
  type: 'radio' | 'checkbox';
  options: readonly { value: T; label: string; detail: string }[];
  isChecked(value: T): boolean;
  onChoose(value: T): void;
  disabled?(value: T): boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const off = disabled?.(o.value) ?? false;
          return (
            <label
              key={o.value}
              className={cn(
                'has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-ring/50 flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-[3px]',
                off && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type={type}
                name={name}
                value={o.value}
                checked={isChecked(o.value)}
                disabled={off}
                onChange={() => onChoose(o.value)}
                className="accent-primary mt-1"
              />
              <span>
                <span className="block font-medium">{o.label}</span>
                <span className="block text-sm text-slate-700">{o.detail}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function SpecsStep({ state, update }: StepProps) {
  return (
    <>
      <ChoiceGroup
        legend="Pin size"
        name="size"
        type="radio"
        options={PIN_SIZES.map((s) => ({
          value: s,
          label: SIZE_LABELS[s],
          detail: extra(SIZE_EXTRA_CENTS[s]),
        }))}
        isChecked={(v) => state.size === v}
        onChoose={(size) => update({ size })}
      />
      <ChoiceGroup
        legend="Plating"
        name="plating"
        type="radio"
        options={PIN_PLATINGS.map((p) => ({
          value: p,
          label: PLATING_LABELS[p],
          detail: extra(PLATING_EXTRA_CENTS[p]),
        }))}
        isChecked={(v) => state.plating === v}
        onChoose={(plating) => update({ plating })}
      />
    </>
  );
}

export function PackagingStep({
  state,
  update,
  rushLeft,
}: StepProps & { rushLeft: number | null }) {
  return (
    <>
      <ChoiceGroup
        legend="Packaging"
        name="packaging"
        type="checkbox"
        options={PIN_PACKAGING.map((p) => ({
          value: p,
          label: PACKAGING_LABELS[p],
          detail: extra(PACKAGING_EXTRA_CENTS[p]),
        }))}
        isChecked={(v) => state.packaging.includes(v)}
        onChoose={(p) => update({ packaging: togglePackaging(state.packaging, p) })}
      />
      <ChoiceGroup
        legend="Delivery"
        name="delivery"
        type="radio"
        options={[
          { value: 'standard', label: 'Standard Delivery', detail: '3-4 weeks. Included.' },
          {
            value: 'rush',
            label: 'Rush Order',
            detail:
              rushLeft === 0
                ? 'Fully booked this month.'
                : `2-3 weeks, design approval within 12 hours. +${formatUsd(RUSH_FEE_CENTS)}.`,
          },
        ]}
        isChecked={(v) => (v === 'rush') === state.rushOrder}
        onChoose={(v) => update({ rushOrder: v === 'rush' })}
        disabled={(v) => v === 'rush' && rushLeft === 0}
      />
    </>
  );
}

export function DetailsStep({
  state,
  update,
  logo,
  logoUrl,
  onFile,
  showErrors = false,
}: StepProps & {
  logo: File | null;
  logoUrl: string | null;
  onFile(file: File | null): void;
  /** 'Next Step' was pressed with something missing: every missing field says so. */
  showErrors?: boolean;
}) {
  const id = useId();
  // An e-mail is checked once the buyer leaves the field (not while they type it).
  const [emailLeft, setEmailLeft] = useState(false);
  // The server's own check of each field and its words (shared schema, contact-check.ts).
  const problems = contactErrors(state);
  const shown = (field: keyof typeof problems, when: boolean) =>
    when ? (problems[field] ?? null) : null;
  const errors = {
    logo: showErrors && !logo,
    // Empty: said once 'Next Step' is pressed; too long (a restored save): at once.
    name: shown('customerName', showErrors || state.customerName.trim() !== ''),
    email: shown('customerEmail', showErrors || (emailLeft && state.customerEmail.trim() !== '')),
    phone: shown('customerPhone', true),
    notes: shown('notes', true),
  };
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${id}-logo`}>Logo or design file *</Label>
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-dashed p-4">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt="Your uploaded logo"
              className="size-20 rounded border bg-white object-contain"
            />
          ) : logo ? (
            <FileText aria-hidden="true" className="size-12 text-slate-600" />
          ) : (
            <Upload aria-hidden="true" className="size-10 text-slate-600" />
          )}
          <div className="min-w-0 space-y-1">
            <input
              id={`${id}-logo`}
              type="file"
              accept="image/*,.pdf,.svg,application/pdf"
              required
              aria-invalid={errors.logo || undefined}
              aria-describedby={
                errors.logo ? `${id}-logo-error ${id}-logo-hint` : `${id}-logo-hint`
              }
              onChange={(e) => onFile(e.target.files?.[0] ?? null)}
              className="file:bg-secondary max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-1.5"
            />
            <p id={`${id}-logo-hint`} className="text-sm text-slate-700">
              PNG, JPG, SVG, PDF up to 10MB
            </p>
            <FieldError
              id={`${id}-logo-error`}
              shown={errors.logo}
              text={CUSTOM_MESSAGES.logoRequired}
            />
            {logo ? (
              <p className="text-sm font-medium break-all">
                {logo.name} ({formatMegabytes(logo.size)})
              </p>
            ) : null}
          </div>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-name`}
          label="Full Name *"
          value={state.customerName}
          onChange={(v) => update({ customerName: v })}
          autoComplete="name"
          maxLength={CUSTOM_CONTACT_MAX.customerName}
          required
          error={errors.name}
        />
        <Field
          id={`${id}-email`}
          label="Email *"
          type="email"
          value={state.customerEmail}
          onChange={(v) => update({ customerEmail: v })}
          onBlur={() => setEmailLeft(true)}
          autoComplete="email"
          maxLength={CUSTOM_CONTACT_MAX.customerEmail}
          required
          error={errors.email}
        />
        <Field
          id={`${id}-phone`}
          label="Phone"
          type="tel"
          value={state.customerPhone}
          onChange={(v) => update({ customerPhone: v })}
          autoComplete="tel"
          maxLength={CUSTOM_CONTACT_MAX.customerPhone}
          error={errors.phone}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-notes`}>Notes for our designers</Label>
        <Textarea
          id={`${id}-notes`}
          value={state.notes}
          maxLength={CUSTOM_CONTACT_MAX.notes}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
          onChange={(e) => update({ notes: e.target.value })}
        />
        <FieldError
          id={`${id}-notes-error`}
          shown={errors.notes !== null}
          text={errors.notes ?? ''}
        />
      </div>
    </>
  );
}

function Field({
  id,
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  maxLength,
  required = false,
  error = null,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  type?: string;
  autoComplete?: string;
  /** The server's limit for the field (characters). */
  maxLength?: number;
  required?: boolean;
  /** The field's error, said under it and read with it (aria-describedby). */
  error?: string | null;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={`${id}-error`} shown={error !== null} text={error ?? ''} />
    </div>
  );
}

/** A field's error text (nothing while there is none). */
function FieldError({ id, shown, text }: { id: string; shown: boolean; text: string }) {
  if (!shown) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {text}
    </p>
  );
}

export function ReviewStep({ state, logo }: { state: WizardState; logo: File | null }) {
  const rows: [string, string][] = [
    ['Quantity', `${state.quantity} pins`],
    ['Size', SIZE_LABELS[state.size]],
    ['Plating', PLATING_LABELS[state.plating]],
    ['Packaging', state.packaging.map((p) => PACKAGING_LABELS[p]).join(', ')],
    ['Delivery', state.rushOrder ? 'Rush (2-3 weeks)' : 'Standard (3-4 weeks)'],
    ['Logo', logo ? logo.name : 'Not uploaded yet'],
    ['Name', state.customerName || '—'],
    ['Email', state.customerEmail || '—'],
  ];
  if (state.customerPhone) rows.push(['Phone', state.customerPhone]);
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-slate-700">{term}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        You pay a 10% deposit now. We send your mockup within 24 hours; the balance is due by
        payment link once you approve the design.
      </p>
    </>
  );
}
