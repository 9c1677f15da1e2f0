/**
 * 'Send Email' / 'Send Other Email' (back-office spec section 2; DECISIONS.md: admin
 * buttons whose behaviour the spec does not show do the obvious real thing): a subject
 * and a message to the order's customer, sent through the mail outbox. The recipient is
 * the order's own e-mail (the server's choice, never typed here).
 */
import { useId, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSendOrderEmail } from '../order-history-api';
import { DialogFormFooter } from './dialog-form-footer';
import { SubjectField } from './subject-field';

export function SendEmailDialog({
  type,
  orderId,
  customerName,
  customerEmail,
  open,
  onOpenChange,
}: {
  type: 'custom' | 'regular';
  orderId: number;
  customerName: string;
  customerEmail: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendOrderEmail();
  const submit = async () => {
    if (!subject.trim() || !message.trim()) {
      toast({
        title: 'Missing Information',
        description: 'Please provide both subject and message.',
        variant: 'destructive',
      });
      return;
    }
    try {
      await send.mutateAsync({ type, orderId, subject: subject.trim(), message: message.trim() });
      toast({
        title: 'Email Sent',
        description: `Your message to ${customerEmail} is on its way.`,
      });
      setSubject('');
      setMessage('');
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Email Failed',
        description: error instanceof ApiRequestError ? error.message : 'Failed to send the email.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Email {customerName}</DialogTitle>
          <DialogDescription>
            About order #{orderId}; sent to {customerEmail}.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <SubjectField id={`${id}-subject`} value={subject} onChange={setSubject} />
          <div className="space-y-1">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              id={`${id}-message`}
              value={message}
              maxLength={5000}
              rows={6}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <DialogFormFooter
            submitLabel="Send Email"
            pendingLabel="Sending..."
            pending={send.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
