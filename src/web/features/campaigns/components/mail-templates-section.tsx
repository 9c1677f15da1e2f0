/**
 * Admin 'Email Templates' (issue 9: every template previewable in the admin with sample
 * data): the list of every mail the shop sends with what triggers it, and the chosen
 * one's HTML (in a frame: the shop's own rendered template, no script in it, and the
 * frame inherits the page's CSP) or plain text.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { NativeSelect } from '../../admin/components/native-select';

interface Template {
  kind: string;
  trigger: string;
  to: string;
  subject: string;
}

export function MailTemplatesSection() {
  const list = useQuery({
    queryKey: ['/api/mail-templates'],
    queryFn: () => api.get<Template[]>('/api/mail-templates'),
  });
  const [kind, setKind] = useState<string | null>(null);
  const [format, setFormat] = useState<'html' | 'text'>('html');
  const chosen = list.data?.find((t) => t.kind === kind) ?? list.data?.[0] ?? null;
  const body = useQuery({
    queryKey: ['/api/mail-templates', chosen?.kind, format],
    enabled: chosen !== null,
    queryFn: async () => {
      const res = await fetch(`/api/mail-templates/${chosen!.kind}?format=${format}`, {
        credentials: 'include',
      });
      if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
      return res.text();
    },
  });
  if (list.isPending) return <p role="status">Loading templates…</p>;
  if (list.isError || !list.data)
    return <p className="text-destructive">Could not load the templates.</p>;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <NativeSelect
          className="min-w-64 flex-1"
          label="Template"
          value={chosen?.kind ?? ''}
          options={list.data.map((t) => ({ value: t.kind, label: `${t.trigger} (${t.kind})` }))}
          onChange={setKind}
        />
        <fieldset className="flex gap-2">
          <legend className="sr-only">Format</legend>
          <Button
            type="button"
            variant={format === 'html' ? 'default' : 'outline'}
            aria-pressed={format === 'html'}
            onClick={() => setFormat('html')}
          >
            HTML
          </Button>
          <Button
            type="button"
            variant={format === 'text' ? 'default' : 'outline'}
            aria-pressed={format === 'text'}
            onClick={() => setFormat('text')}
          >
            Plain text
          </Button>
        </fieldset>
      </div>
      {chosen ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Subject</dt>
          <dd>{chosen.subject}</dd>
          <dt className="font-medium">Sent to</dt>
          <dd>{chosen.to} (sample)</dd>
        </dl>
      ) : null}
      {body.isPending ? <p role="status">Rendering…</p> : null}
      {body.data !== undefined && format === 'html' ? (
        <iframe
          title={`Preview of ${chosen?.kind}`}
          srcDoc={body.data}
          className="h-[640px] w-full rounded-md border bg-white"
        />
      ) : null}
      {body.data !== undefined && format === 'text' ? (
        <pre className="bg-muted max-h-[640px] overflow-auto rounded-md p-4 text-sm whitespace-pre-wrap">
          {body.data}
        </pre>
      ) : null}
    </div>
  );
}
