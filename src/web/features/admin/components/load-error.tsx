/** The admin's error state for data that did not load: the message and 'Try Again'. */
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

export function LoadError({ what, onRetry }: { what: string; onRetry?(): void }) {
  return (
    <Card>
      <CardContent className="space-y-3">
        <p role="alert">We could not load the {what}. Please try again.</p>
        {onRetry ? (
          <Button type="button" variant="outline" onClick={() => onRetry()}>
            Try Again
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
