/** Not-found page for any unknown path (back-office spec section 2). */
import { NotFoundView } from '@/components/layout/not-found-view';

export function Component() {
  return <NotFoundView kind="page" />;
}
