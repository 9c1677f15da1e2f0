/**
 * The quote request form (storefront spec sections 2 "/quote", 3, 4, 5, 8, 9):
 * Contact Information, Project Details, Logo/Design, Additional Notes; validated with
 * the shared quote schema (lead time counted from the visitor's own today). States:
 * idle, submitting ('Submitting Request...', the button `pending`: it keeps the focus;
 * upload progress bar), then /quote-success (its heading takes the focus: RouteFocus) or
 * the 'Error' toast with the server's field errors shown, the first of them focused.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addDaysIso,
  localTodayIso,
  QUOTE_DEFAULTS,
  QUOTE_LEAD_DAYS,
  QUOTE_MESSAGES,
  QUOTE_SIZE_LABELS,
  QUOTE_SIZES,
  type QuoteRequest,
  quoteRequestSchema,
} from '@shared/schemas/quotes';
import { useMutation } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import type * as React from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError } from '@/lib/api';
import { formatMegabytes } from '@/lib/file-size';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { quoteFormData, submitQuoteRequest } from '../api';
import { logoFileProblem } from '../logo-file';

const schema = quoteRequestSchema(() => localTodayIso());
type FormInput = z.input<typeof schema>;

/** The form's fields, in the form's order (the first one at fault takes the focus). */
const FIELDS = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'companyName',
  'projectDescription',
  'pinType',
  'quantity',
  'preferredSize',
  'deadlineDate',
  'additionalNotes',
] as const;

const selectClass =
  'border-input flex h-9 w-full rounded-md border bg-white px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm';

/** Label, control and error text wired with aria-invalid / aria-describedby. */
function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
  }) => React.ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function QuoteForm() {
  const navigate = useNavigate();
  const minDeadline = useMemo(() => addDaysIso(localTodayIso(), QUOTE_LEAD_DAYS), []);
  const [logo, setLogo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const logoInputId = useId();

  const form = useForm<FormInput, unknown, QuoteRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      customerName: '',
      customerEmail: '',
      customerPhone: '',
      companyName: '',
      projectDescription: '',
      quantity: String(QUOTE_DEFAULTS.quantity),
      pinType: QUOTE_DEFAULTS.pinType,
      preferredSize: QUOTE_DEFAULTS.preferredSize,
      deadlineDate: '',
      additionalNotes: '',
    },
  });
  const { errors } = form.formState;

  const submit = useMutation({
    mutationFn: (values: QuoteRequest) => {
      setProgress(0);
      return submitQuoteRequest(quoteFormData(values, logo), setProgress);
    },
    onSuccess: () => navigate('/quote-success'),
    onError: (error: unknown) => {
      setProgress(null);
      if (error instanceof ApiRequestError) {
        const atFault = new Set<(typeof FIELDS)[number]>();
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const known = FIELDS.find((f) => f === field);
          if (known) {
            form.setError(known, { message });
            atFault.add(known);
          }
        }
        // The field at fault takes the focus once it shows its error (read with it); the
        // logo's input for a refused file. Else the focus stays on the (pending) button.
        const first = FIELDS.find((f) => atFault.has(f));
        const logoRefused = error.status === 413 || error.status === 415;
        if (first || logoRefused)
          setTimeout(() => (first ? form.setFocus(first) : fileInput.current?.focus()), 0);
        if (error.status === 413) {
          toast({
            title: QUOTE_MESSAGES.fileTooLargeTitle,
            description: QUOTE_MESSAGES.fileTooLarge,
            variant: 'destructive',
          });
          return;
        }
        if (error.status === 415) {
          toast({
            title: QUOTE_MESSAGES.invalidFileTitle,
            description: QUOTE_MESSAGES.invalidFile,
            variant: 'destructive',
          });
          return;
        }
        if (error.status === 429) {
          // 'Please try again' would fail again: the server says how long to wait.
          toast({
            title: QUOTE_MESSAGES.submitFailedTitle,
            description: error.message,
            variant: 'destructive',
          });
          return;
        }
      }
      toast({
        title: QUOTE_MESSAGES.submitFailedTitle,
        description: QUOTE_MESSAGES.submitFailed,
        variant: 'destructive',
      });
    },
  });

  function onLogoChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      event.target.value = '';
      setLogo(null);
      return;
    }
    setLogo(file);
  }

  function clearLogo() {
    setLogo(null);
    if (fileInput.current) fileInput.current.value = '';
    fileInput.current?.focus();
  }

  const onSubmit = form.handleSubmit((values) => submit.mutate(values));
  const pending = submit.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-busy={pending}>
      <Section title="Contact Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Full Name *" error={errors.customerName?.message}>
            {(p) => <Input {...p} autoComplete="name" {...form.register('customerName')} />}
          </Field>
          <Field label="Email Address *" error={errors.customerEmail?.message}>
            {(p) => (
              <Input {...p} type="email" autoComplete="email" {...form.register('customerEmail')} />
            )}
          </Field>
          <Field label="Phone Number" error={errors.customerPhone?.message}>
            {(p) => (
              <Input {...p} type="tel" autoComplete="tel" {...form.register('customerPhone')} />
            )}
          </Field>
          <Field label="Company/Organization" error={errors.companyName?.message}>
            {(p) => <Input {...p} autoComplete="organization" {...form.register('companyName')} />}
          </Field>
        </div>
      </Section>

      <Section title="Project Details">
        <Field label="Project Description *" error={errors.projectDescription?.message}>
          {(p) => (
            <Textarea
              {...p}
              rows={4}
              placeholder="Tell us about your pin: the occasion, colours, text and any ideas you have."
              {...form.register('projectDescription')}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Product Type *" error={errors.pinType?.message}>
            {(p) => (
              <select {...p} className={selectClass} {...form.register('pinType')}>
                <option value="pins">Golf Pins</option>
                <option value="ball_markers">Ball Markers</option>
                <option value="coins">Commemorative Coins</option>
              </select>
            )}
          </Field>
          <Field
            label="Estimated Quantity *"
            error={errors.quantity?.message}
            hint="Minimum order: 25 pins"
          >
            {(p) => (
              <Input
                {...p}
                type="number"
                min={1}
                inputMode="numeric"
                {...form.register('quantity')}
              />
            )}
          </Field>
          <Field label="Preferred Size" error={errors.preferredSize?.message}>
            {(p) => (
              <select {...p} className={selectClass} {...form.register('preferredSize')}>
                {QUOTE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {QUOTE_SIZE_LABELS[size]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Deadline Date (optional)"
            error={errors.deadlineDate?.message}
            hint={`At least ${QUOTE_LEAD_DAYS / 7} weeks from today for production.`}
          >
            {(p) => (
              <Input {...p} type="date" min={minDeadline} {...form.register('deadlineDate')} />
            )}
          </Field>
        </div>
      </Section>

      <Section title="Logo/Design">
        <div className="space-y-2">
          <Label htmlFor={logoInputId}>
            Upload your logo or design (PNG, JPG, GIF or SVG, up to 10MB)
          </Label>
          <div className="flex flex-col gap-3 rounded-lg border-2 border-dashed border-slate-300 p-4 sm:flex-row sm:items-center">
            <Upload className="size-6 shrink-0 text-slate-500" aria-hidden="true" />
            <input
              ref={fileInput}
              id={logoInputId}
              type="file"
              name="logo"
              accept="image/png,image/jpeg,image/gif,image/svg+xml"
              onChange={onLogoChange}
              // Focused (Tab, Shift+Tab), its label stays in sight above the drop box's icon.
              className="scroll-mt-28 sm:scroll-mt-16 w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-green-800 file:px-3 file:py-1.5 file:font-medium file:text-white focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            />
          </div>
          {logo && (
            <div className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm">
              <p className="min-w-0 break-all" data-testid="logo-chosen">
                <span className="font-medium">{logo.name}</span>{' '}
                <span className="text-slate-600">({formatMegabytes(logo.size)})</span>
              </p>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={clearLogo}
                pending={pending}
                aria-label={`Remove ${logo.name}`}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </div>
          )}
        </div>
      </Section>

      <Section title="Additional Notes">
        <Field label="Anything else we should know?" error={errors.additionalNotes?.message}>
          {(p) => <Textarea {...p} rows={3} {...form.register('additionalNotes')} />}
        </Field>
      </Section>

      {pending && progress !== null && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-green-700 transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <p className="text-sm text-slate-600">Uploading... {Math.round(progress * 100)}%</p>
        </div>
      )}

      <Button type="submit" size="lg" className={cn('w-full')} pending={pending}>
        {pending ? 'Submitting Request...' : 'Submit Quote Request'}
      </Button>
    </form>
  );
}
