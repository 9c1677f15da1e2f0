/** The short "how it works" explainer of the tracking page (back-office spec section 2). */
import { Card, CardContent, CardHeader } from '@/components/ui/card';

export function ProcessExplainer() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold">How order tracking works</h2>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <h3 className="mb-1 font-semibold">Catalog Orders</h3>
          <p className="text-muted-foreground">
            Ready-made pins are paid at checkout, prepared and shipped, usually within 1-2 business
            days. You will see a tracking number here as soon as your parcel ships.
          </p>
        </div>
        <div>
          <h3 className="mb-1 font-semibold">Custom Quote Orders</h3>
          <p className="text-muted-foreground">
            After your deposit we design a mockup for your approval, then produce your pins (2-4
            weeks) once the balance is paid, and ship them to you.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
